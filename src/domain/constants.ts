/** Business constants from spec 1 §9; the single source for app and server. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const MINIMUM_AGE = 13;
export const VERIFICATION_CODE_LENGTH = 6;
export const DEFAULT_COUNTRY_CODE = '+47';
export const PHONE_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 15;
export const PHONE_CHECK_DEBOUNCE_MS = 500;

export const REGISTRATION_REDIRECT_MS = 5000;
export const RESEND_COUNTDOWN_SECONDS = 60;
export const MAX_CONFIRMATION_RESENDS = 5;
export const RESENT_NOTICE_MS = 3000;

export const SNACKBAR_MS = 6000;
export const GLOBAL_SNACKBAR_MS = 7000;
export const GLOBAL_SNACKBAR_MAX = 3;

export const MANIFEST_POLL_MS = 30_000;
export const REQUEST_RETRY_COUNT = 1;

export const ADMIN_ROLE = 'Admin';

/**
 * The most pixels (width × height) an uploaded image may have: 40 MP, e.g. 8000 × 5000, above
 * every ordinary camera's default output. Decoding costs CPU and memory by pixels, not bytes (a
 * 6 KB PNG can claim 49 MP), so the server refuses more before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
