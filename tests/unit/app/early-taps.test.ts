import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../../src/app/early-taps-script';
import { replayEarlyTaps, stopCapturingEarlyTaps } from '../../../src/app/early-taps';

/** A server-rendered page: the inline script runs first, then the markup is there to tap. */
function serverPage(html: string): void {
  document.body.innerHTML = html;
  // The script's own text, as the page runs it.
  new Function(EARLY_TAPS_SCRIPT)();
}

/** The app's listeners, attached as hydration would: what each element hears from now on. */
function listen(...ids: string[]): string[] {
  const heard: string[] = [];
  for (const id of ids) {
    const element = document.getElementById(id)!;
    element.addEventListener('click', () => heard.push(`click ${id}`));
    element.addEventListener('change', () => heard.push(`change ${id}=${(element as HTMLSelectElement).value}`));
  }
  return heard;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__earlyTaps;
});

describe('taps before the app is live', () => {
  it('keeps a button tap and a language picked, and replays them once the app listens', () => {
    serverPage('<button id="theme" type="button">Theme</button><select id="lang"><option value="en">en</option><option value="no">no</option></select>');
    document.getElementById('theme')!.click();
    const lang = document.getElementById('lang') as HTMLSelectElement;
    lang.value = 'no';
    lang.dispatchEvent(new Event('change', { bubbles: true }));

    stopCapturingEarlyTaps();
    const heard = listen('theme', 'lang');
    replayEarlyTaps();
    expect(heard).toEqual(['click theme', 'change lang=no']);
    // Replayed once only.
    replayEarlyTaps();
    expect(heard).toHaveLength(2);
  });

  it('a box ticked before is ticked once: put back, then ticked with the app listening', () => {
    serverPage('<label><input id="box" type="checkbox" /> Music</label>');
    const box = document.getElementById('box') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);
    stopCapturingEarlyTaps();
    const heard = listen('box');
    replayEarlyTaps();
    expect(box.checked).toBe(true);
    // The click, then the browser's own change event: what React hears for a box ticked.
    expect(heard).toEqual(['click box', 'change box=on']);
  });

  it('replays the state the tap left even when a render put the app\'s value back meanwhile', () => {
    serverPage('<select id="lang"><option value="en">en</option><option value="no">no</option></select><input id="box" type="checkbox" />');
    const lang = document.getElementById('lang') as HTMLSelectElement;
    lang.value = 'no';
    lang.dispatchEvent(new Event('change', { bubbles: true }));
    const box = document.getElementById('box') as HTMLInputElement;
    box.click();
    stopCapturingEarlyTaps();
    // Hydrated and rendered again: the controlled elements show the app's state.
    lang.value = 'en';
    box.checked = false;
    const heard = listen('lang', 'box');
    replayEarlyTaps();
    expect(heard).toEqual(['change lang=no', 'click box', 'change box=on']);
    expect(box.checked).toBe(true);
  });

  it('leaves links, submit buttons and disabled buttons to the browser', () => {
    serverPage('<a id="link" href="#x">Go</a><form onsubmit="return false"><button id="submit">Save</button></form><button id="off" type="button" disabled>Off</button>');
    for (const id of ['link', 'submit', 'off']) document.getElementById(id)!.click();
    expect(window.__earlyTaps).toEqual([]);
  });

  it('keeps no click once hydration has started, and skips an element the app rendered away', () => {
    serverPage('<button id="a" type="button">A</button><button id="b" type="button">B</button>');
    document.getElementById('a')!.click();
    stopCapturingEarlyTaps();
    document.getElementById('b')!.click(); // React hears this one itself
    expect(window.__earlyTaps).toHaveLength(1);
    document.getElementById('a')!.remove();
    expect(() => replayEarlyTaps()).not.toThrow();
  });

  it('keeps a language picked while hydration runs (React drops that change), and nothing after the replay', () => {
    serverPage('<select id="lang"><option value="en">en</option><option value="no">no</option><option value="sv">sv</option></select>');
    const lang = document.getElementById('lang') as HTMLSelectElement;
    stopCapturingEarlyTaps();
    lang.value = 'no';
    lang.dispatchEvent(new Event('change', { bubbles: true }));
    const heard = listen('lang');
    replayEarlyTaps();
    expect(heard).toEqual(['change lang=no']);
    // Live now: React hears changes itself, and the keeper keeps none.
    lang.value = 'sv';
    lang.dispatchEvent(new Event('change', { bubbles: true }));
    expect(window.__earlyTaps).toHaveLength(1);
    replayEarlyTaps();
    expect(heard).toEqual(['change lang=no', 'change lang=sv']);
  });
});
