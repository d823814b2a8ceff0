/**
 * The first thing a server-rendered page runs, inline in its <head> (server/ssr/index.ts allows it
 * by its hash): it keeps the taps made before the app hydrates the page, which the app replays once
 * live (src/app/early-taps.ts). Kept: a button tapped (the theme, a gallery picture, a filter), a
 * box ticked, a language picked. A tap the browser acts on by itself (a link, a form's submit
 * button) is left to the browser. The app stops keeping clicks the moment it starts hydrating (`done`):
 * from then on React queues and replays them itself. A select's change it does not replay, so
 * those are kept until the app replays them (`over`): hydration as a transition takes a while, and
 * a language picked in it was lost (an e2e flake).
 *
 * Each tap is kept with the state it left: the value picked, or whether the box is ticked (the
 * browser ticks it before the click's listeners run), since a render before the replay may have
 * put the element back to what the app had.
 *
 * ES5 and a string on purpose: it runs before any module, in every browser the app supports, and
 * its bytes are what the page's CSP hash names.
 */
export const EARLY_TAPS_SCRIPT = [
  '(function(){var q=[];window.__earlyTaps=q;',
  'function keep(e){if(q.over)return;var t=e.target;if(!t||!t.closest)return;',
  "var el=t.closest('button,select,input[type=checkbox],input[type=radio],[role=button],[role=tab],[role=switch],[role=option]');",
  'if(!el||el.disabled)return;',
  "if(e.type==='change'){if(el.tagName==='SELECT')q.push(['change',el,el.value]);return}",
  "if(q.done||el.tagName==='SELECT'||(el.tagName==='BUTTON'&&el.form&&el.type==='submit'))return;",
  "q.push(['click',el,el.tagName==='INPUT'?el.checked:null])}",
  "document.addEventListener('click',keep,true);document.addEventListener('change',keep,true)})()",
].join('');
