import type { ReactNode } from 'react';
import { Dialog as HeadlessDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** Headless UI dialog: focus trapped, Escape and backdrop close it, title announced. */
export function Dialog({ open, onClose, title, description, children, actions, size = 'md' }: DialogProps) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' }[size];
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className={`w-full ${width} rounded-lg border border-border bg-surface p-6 text-fg shadow-xl`}>
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {description && <Description className="mt-1 text-sm text-muted">{description}</Description>}
          <div className="mt-4">{children}</div>
          {actions && <div className="mt-6 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
