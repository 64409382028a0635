/** An SVG with every way to run script that browsers honour in a standalone SVG document. */
export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="javascript:alert(1)"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="document.documentElement.setAttribute('data-pwned', 'onload')">
  <script>document.documentElement.setAttribute('data-pwned', 'script')</script>
  <svg:script xmlns:svg="http://www.w3.org/2000/svg">document.documentElement.setAttribute('data-pwned', 'prefixed')</svg:script>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.document.documentElement.setAttribute('data-pwned','iframe')"></iframe></foreignObject>
  <a xlink:href="java&#x09;script:alert(1)"><circle id="dot" cx="5" cy="5" r="4" fill="#1a73e8" onclick="alert(1)" onmouseover="alert(2)"/></a>
  <a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><rect width="1" height="1"/></a>
  <a><set attributeName="href" to="javascript:alert(1)"/><text>点我</text></a>
  <animate attributeName="onbegin" to="alert(1)"/>
</svg>
`;
