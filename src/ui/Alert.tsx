import type { ReactNode } from 'react';

const TONES = {
  error: 'border-danger text-danger',
  success: 'border-success text-success',
  info: 'border-border text-fg',
} as const;

export function Alert({ tone = 'info', children, title }: { tone?: keyof typeof TONES; title?: ReactNode; children?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border bg-surface px-4 py-3 text-sm ${TONES[tone]}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1 text-fg' : ''}>{children}</div>}
    </div>
  );
}
