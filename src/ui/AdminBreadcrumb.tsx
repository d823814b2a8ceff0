import { Fragment } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../config/paths';

export interface BreadcrumbStep {
  label: string;
  href: string;
}

/**
 * The way back to the Admin Center, above every admin page's title; a page below a section (one
 * category, one sub-category) names the section(s) in `trail`.
 */
export function AdminBreadcrumb({ trail = [] }: { trail?: readonly BreadcrumbStep[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="flex flex-wrap gap-2 text-sm">
      <Link href={paths.admin.href()} className="text-accent hover:underline"><Trans>Admin Center</Trans></Link>
      {trail.map((step) => (
        <Fragment key={step.href}>
          <span aria-hidden="true" className="text-muted">/</span>
          <Link href={step.href} className="text-accent hover:underline">{step.label}</Link>
        </Fragment>
      ))}
    </nav>
  );
}
