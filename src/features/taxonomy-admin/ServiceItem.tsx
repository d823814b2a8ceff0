import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import type { ServiceParent } from './serviceParents';
import type { AdminService, ServicesLayout } from './serviceKind';
import { useServiceTexts } from './serviceTexts';

export interface ServiceItemProps {
  service: AdminService;
  /** Its category or sub-category; undefined when that is not stored (yet). */
  parent: ServiceParent | undefined;
  layout: ServicesLayout;
  onEdit: () => void;
  onDelete: () => void;
  /** Writes need the server: the buttons are off while the device is offline. */
  disabled?: boolean;
}

/**
 * One service as a card (grid) or a row (list): name, group name, short description and its
 * parent linking to the parent's admin page (a sub-category's with its category), Edit and Delete.
 */
export function ServiceItem({ service, parent, layout, onEdit, onDelete, disabled }: ServiceItemProps) {
  const headingId = useId();
  const texts = useServiceTexts(service.kind);
  const { name, groupName } = service;
  const row = layout === 'list';
  return (
    <article aria-labelledby={headingId} data-testid="service-item" data-layout={layout}
      className={`flex w-full gap-3 rounded-lg border border-border bg-surface p-4 ${row ? 'flex-col sm:flex-row sm:items-center' : 'flex-col'}`}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={headingId} className="break-words text-lg font-semibold leading-snug">{name}</h3>
        {groupName && (
          <p className="text-sm" data-testid="service-group-name">
            <span className="text-muted"><Trans>Group:</Trans></span> <span className="break-words font-medium">{groupName}</span>
          </p>
        )}
        {service.shortDescription
          ? <p className="line-clamp-3 break-words text-sm text-muted" data-testid="service-short">{service.shortDescription}</p>
          : <p className="text-sm italic text-muted"><Trans>No short description</Trans></p>}
        <p className="break-words text-sm" data-testid="service-parent-name">
          <span className="text-muted">{texts.parentLabel}:</span>{' '}
          {parent ? (
            <>
              <Link href={parent.href} className="text-accent underline underline-offset-2">{parent.name}</Link>
              {parent.categoryName && <span className="text-muted"> · {parent.categoryName}</span>}
            </>
          ) : <span className="italic text-muted"><Trans>Unknown</Trans></span>}
        </p>
      </div>
      <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} disabled={disabled} className={row ? 'sm:w-56' : 'mt-auto'} />
    </article>
  );
}
