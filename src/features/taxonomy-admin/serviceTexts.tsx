import type { ReactNode } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import type { ServiceKind } from './serviceKind';

/** Every text of the services admin that names the kind (spec 3 §2, §8), in the active language. */
export interface ServiceTexts {
  title: string;
  intro: string;
  add: string;
  editTitle: string;
  deleteTitle: string;
  empty: string;
  loading: string;
  fetchFailed: string;
  stale: string;
  offline: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** The parent select of the dialog and its empty choice. */
  parentLabel: string;
  parentPlaceholder: string;
  /** The select's choice for a parent no longer stored. */
  deletedParent: string;
  /** The parent filter above the list and its "everything" choice. */
  parentFilterLabel: string;
  parentFilterAll: string;
  listLabel: string;
  count: (n: number) => ReactNode;
  deleteQuestion: (name: string) => string;
  created: (name: string) => string;
  saved: (name: string) => string;
  deleted: (name: string) => string;
}

/**
 * One hook, both kinds: each text is its own message (a translator sees whole sentences, not a
 * kind's name spliced into one).
 */
export function useServiceTexts(kind: ServiceKind): ServiceTexts {
  const { t } = useLingui();
  if (kind === 'category') {
    return {
      title: t`Category Services`,
      intro: t`The services offered under a category, grouped by their group name; companies tick them on their listings.`,
      add: t`Add Category Service`,
      editTitle: t`Edit Category Service`,
      deleteTitle: t`Delete Category Service`,
      empty: t`No Category Services found`,
      loading: t`Loading category services…`,
      fetchFailed: t`Failed to fetch Category Services`,
      stale: t`Showing the category services stored on this device: they could not be refreshed.`,
      offline: t`You are offline. Category services can be changed when you are back online.`,
      createFailed: t`Failed to create Category Service`,
      updateFailed: t`Failed to update Category Service`,
      deleteFailed: t`Failed to delete Category Service`,
      parentLabel: t`Category`,
      parentPlaceholder: t`Select a category`,
      deletedParent: t`(deleted category)`,
      parentFilterLabel: t`Filter by category`,
      parentFilterAll: t`All categories`,
      listLabel: t`Category services`,
      count: (n) => <Plural value={n} one="# category service" other="# category services" />,
      deleteQuestion: (name) => t`Delete the category service ${name}?`,
      created: (name) => t`Category service ${name} created`,
      saved: (name) => t`Category service ${name} saved`,
      deleted: (name) => t`Category service ${name} deleted`,
    };
  }
  return {
    title: t`SubCategory Services`,
    intro: t`The services offered under a sub-category, grouped by their group name; companies tick them on their listings.`,
    add: t`Add SubCategory Service`,
    editTitle: t`Edit SubCategory Service`,
    deleteTitle: t`Delete SubCategory Service`,
    empty: t`No SubCategory Services found`,
    loading: t`Loading sub-category services…`,
    fetchFailed: t`Failed to fetch SubCategory Services`,
    stale: t`Showing the sub-category services stored on this device: they could not be refreshed.`,
    offline: t`You are offline. Sub-category services can be changed when you are back online.`,
    createFailed: t`Failed to create SubCategory Service`,
    updateFailed: t`Failed to update SubCategory Service`,
    deleteFailed: t`Failed to delete SubCategory Service`,
    parentLabel: t`Sub-category`,
    parentPlaceholder: t`Select a sub-category`,
    deletedParent: t`(deleted sub-category)`,
    parentFilterLabel: t`Filter by sub-category`,
    parentFilterAll: t`All sub-categories`,
    listLabel: t`Sub-category services`,
    count: (n) => <Plural value={n} one="# sub-category service" other="# sub-category services" />,
    deleteQuestion: (name) => t`Delete the sub-category service ${name}?`,
    created: (name) => t`Sub-category service ${name} created`,
    saved: (name) => t`Sub-category service ${name} saved`,
    deleted: (name) => t`Sub-category service ${name} deleted`,
  };
}
