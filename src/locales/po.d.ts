// .po catalogs are compiled to ES modules by @lingui/vite-plugin at import time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
