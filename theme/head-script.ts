import type { ThemeSite } from '@docsgen/shared';

/**
 * Runs in <head> before first paint: settles the colour mode (forcing the configured mode when the
 * switch is disabled, so a stored `dark` is overwritten) and hides a dismissed announcement.
 */
export function headScript(site: ThemeSite): string {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = site.colorMode;
  const announcementId = site.announcement?.id ?? '';
  return `(function(){var d=document.documentElement,s=null;try{s=window.localStorage}catch(e){}
function get(k){try{return s&&s.getItem(k)}catch(e){return null}}function set(k,v){try{s&&s.setItem(k,v)}catch(e){}}
var mode=${JSON.stringify(defaultMode)};
${disableSwitch ? 'set("theme",mode);' : `var t=get("theme");if(t==="light"||t==="dark")mode=t;else if(${respectPrefersColorScheme}&&window.matchMedia("(prefers-color-scheme: dark)").matches)mode="dark";`}
d.setAttribute("data-theme",mode);
var a=${JSON.stringify(announcementId)};if(a&&get("docsgen.announcement.dismiss")==="true"&&get("docsgen.announcement.id")===a)d.setAttribute("data-announcement-dismissed","true");})();`;
}
