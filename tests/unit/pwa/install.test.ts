import { describe, expect, it } from 'vitest';
import { isIosSafari, isStandalone } from '../../../src/app/pwa/install-prompt';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

describe('iOS Add-to-Home-Screen detection', () => {
  it('is Safari on iPhone, and on iPad that reports a Mac with touch', () => {
    expect(isIosSafari({ userAgent: IPHONE_SAFARI })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_DESKTOP, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
  });

  it('is not a Mac without touch, Chrome for iOS, or Android', () => {
    expect(isIosSafari({ userAgent: IPAD_DESKTOP, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIosSafari({ userAgent: IPHONE_CHROME })).toBe(false);
    expect(isIosSafari({ userAgent: ANDROID, platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });

  it('knows when it already runs installed', () => {
    expect(isStandalone({ userAgent: IPHONE_SAFARI, standalone: true }, false)).toBe(true);
    expect(isStandalone({ userAgent: ANDROID }, true)).toBe(true);
    expect(isStandalone({ userAgent: IPHONE_SAFARI, standalone: false }, false)).toBe(false);
  });
});
