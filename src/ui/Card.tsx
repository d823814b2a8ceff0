import type { ReactNode } from 'react';

export function Card({ children, className = '', as: Tag = 'section', ...rest }: { children: ReactNode; className?: string; as?: 'section' | 'div' | 'article'; 'aria-labelledby'?: string }) {
  return <Tag className={`rounded-lg border border-border bg-surface p-6 ${className}`} {...rest}>{children}</Tag>;
}
