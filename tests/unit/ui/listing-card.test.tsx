import { act, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as enMessages } from '../../../src/locales/en/messages.po';
import { messages as noMessages } from '../../../src/locales/no/messages.po';
import { messages as svMessages } from '../../../src/locales/sv/messages.po';
import { ListingCard, formatPrice } from '../../../src/ui/ListingCard';
import { renderAt } from '../features/auth/render';
import { card } from '../sync/fixtures';

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: enMessages });
});

const priceOf = () => screen.getByTestId('listing-price').textContent;

describe('ListingCard', () => {
  it("shows 'Contact for Price' when the price is null or 0", () => {
    const { unmount } = renderAt(<ListingCard listing={card('a', { price: null })} />);
    expect(priceOf()).toBe('Contact for Price');
    unmount();
    renderAt(<ListingCard listing={card('a', { price: 0 })} />);
    expect(priceOf()).toBe('Contact for Price');
    expect(formatPrice(null, 'en')).toBeNull();
    expect(formatPrice(0, 'no')).toBeNull();
  });

  it('formats the price in the active locale followed by Kr (en, no and sv)', () => {
    renderAt(<ListingCard listing={card('a', { price: 1500 })} />);
    expect(priceOf()).toBe(`${new Intl.NumberFormat('en').format(1500)} Kr`);
    expect(priceOf()).toBe('1,500 Kr');
    act(() => i18n.loadAndActivate({ locale: 'no', messages: noMessages }));
    expect(priceOf()).toBe(`${new Intl.NumberFormat('no').format(1500)} Kr`);
    expect(priceOf()?.replace(/\s/g, ' ')).toBe('1 500 Kr');
    act(() => i18n.loadAndActivate({ locale: 'sv', messages: svMessages }));
    expect(priceOf()).toBe(`${new Intl.NumberFormat('sv-SE').format(1500)} Kr`);
    expect(priceOf()?.replace(/\s/g, ' ')).toBe('1 500 Kr');
    expect(formatPrice(1234567, 'sv')?.replace(/\s/g, ' ')).toBe('1 234 567 Kr');
  });

  it('links the whole card to the listing, named by the listing, with its parts', () => {
    renderAt(<ListingCard listing={card('a b', { name: 'Fjord Hall', shortDescription: 'A hall by the fjord', company: { id: 'c', name: 'Fjord AS', logoImageUri: null } })} headingLevel={2} />);
    const link = screen.getByRole('link', { name: 'Fjord Hall' });
    expect(link.getAttribute('href')).toBe('/listing/a%20b');
    expect(screen.getByRole('heading', { level: 2, name: 'Fjord Hall' })).toBeDefined();
    expect(screen.getByText('A hall by the fjord').className).toContain('line-clamp');
    expect(screen.getByText('Fjord AS')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Fjord Hall' })).toBeDefined();
  });

  it('renders the favourite slot', () => {
    renderAt(<ListingCard listing={card('a')} favorite={<button type="button">Fav</button>} />);
    expect(screen.getByRole('button', { name: 'Fav' })).toBeDefined();
  });
});
