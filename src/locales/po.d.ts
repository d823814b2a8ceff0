// .po catalogs are compiled to ES modules by @lingui/vite-plugin at import time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}

// The shell and rest halves of a locale's catalog (scripts/catalog-split.ts).
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
