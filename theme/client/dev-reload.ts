/** In `docsgen serve`: reload when the server says the site was rebuilt, show build errors as an overlay. */
export function listenForReloads(baseUrl: string): void {
  const events = new EventSource(baseUrl + '__docsgen/events');
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('error-overlay', (event) => showOverlay((event as MessageEvent<string>).data));
}

function showOverlay(message: string): void {
  let overlay = document.getElementById('docsgen-error-overlay');
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'docsgen-error-overlay';
    overlay.setAttribute('role', 'alert');
    document.body.append(overlay);
  }
  overlay.textContent = '';
  const title = document.createElement('strong');
  title.textContent = '构建失败（Build failed）';
  const pre = document.createElement('pre');
  pre.textContent = message;
  overlay.append(title, pre);
}
