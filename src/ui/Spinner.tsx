import { useLingui } from '@lingui/react/macro';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const { t } = useLingui();
  const px = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' }[size];
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden="true" className={`${px} animate-spin rounded-full border-2 border-current border-t-transparent`} />
      <span className="sr-only">{label ?? t`Loading…`}</span>
    </span>
  );
}
