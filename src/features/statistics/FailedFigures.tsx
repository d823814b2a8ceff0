import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useOnline } from '../../ui/useConnection';

/**
 * Figures that could not be loaded (the page's or one section's): the title, why when no answer
 * came and nothing was saved for this range on the device, and Retry.
 */
export function FailedFigures({ title, unreachable, onRetry, testId }: {
  title: ReactNode;
  /** No answer came (offline or the server unreachable) and the device holds no copy. */
  unreachable: boolean;
  onRetry: () => void;
  testId: string;
}) {
  const online = useOnline();
  return (
    <div className="flex flex-col items-start gap-3" data-testid={testId}>
      <Alert tone="error" title={title}>
        {unreachable && (
          <p>
            {online
              ? <Trans>The server could not be reached, and the figures for this range were not seen on this device before.</Trans>
              : <Trans>You are offline, and the figures for this range were not seen on this device before.</Trans>}
          </p>
        )}
      </Alert>
      <Button variant="secondary" onClick={onRetry}><Trans>Retry</Trans></Button>
    </div>
  );
}
