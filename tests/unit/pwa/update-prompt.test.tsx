import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../../src/locales/en/messages.po';
import { markDirty } from '../../../src/state/dirty-forms';
import { UpdatePrompt } from '../../../src/app/pwa/UpdatePrompt';
import { setUpdateAvailable } from '../../../src/app/pwa/update-state';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

const view = () => render(<I18nProvider i18n={i18n}><UpdatePrompt /></I18nProvider>);

describe('update prompt', () => {
  afterEach(() => {
    act(() => setUpdateAvailable(null));
    markDirty('form', false);
    vi.restoreAllMocks();
  });

  it('shows only while a new version waits; Reload applies it', () => {
    view();
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const apply = vi.fn();
    act(() => setUpdateAvailable(apply));
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('asks first while a form is dirty, and does nothing when the user declines', () => {
    view();
    const apply = vi.fn();
    act(() => setUpdateAvailable(apply));
    markDirty('form', true);
    // happy-dom has no confirm(): a stand-in that declines once, then accepts.
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(confirm).toHaveBeenCalledOnce();
    expect(apply).not.toHaveBeenCalled();
    expect(screen.getByTestId('update-prompt')).toBeTruthy();
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('Later hides it', () => {
    view();
    act(() => setUpdateAvailable(() => undefined));
    fireEvent.click(screen.getByTestId('update-later'));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });
});
