import { Trans } from '@lingui/react/macro';
import type { ChatConnectionStatus } from '../../realtime/chat-connection';

/**
 * The live connection's state, said discreetly above the panes: nothing while connected (or not
 * started); offline, messages still queue and are sent later.
 */
export function ConnectionNote({ status, online }: { status: ChatConnectionStatus; online: boolean }) {
  let text;
  let tone = 'text-muted';
  if (!online) {
    text = <Trans>You are offline. Chats saved on this device are shown; new messages are sent when you are back online.</Trans>;
  } else if (status === 'no-token') {
    text = <Trans>No authentication token found</Trans>;
    tone = 'text-danger';
  } else if (status === 'connecting') {
    text = <Trans>Connecting…</Trans>;
  } else if (status === 'reconnecting') {
    text = <Trans>Reconnecting…</Trans>;
  } else if (status === 'disconnected') {
    text = <Trans>Not connected. New messages are sent and shown when the connection is back.</Trans>;
  }
  return (
    <p role="status" className={`min-h-0 px-4 text-xs ${tone} ${text ? 'py-1' : ''}`} data-testid="connection-note" data-status={online ? status : 'offline'}>
      {text}
    </p>
  );
}
