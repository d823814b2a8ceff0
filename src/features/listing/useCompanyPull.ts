import { useEffect, useState } from 'react';
import { useCompany } from '../../db/hooks';
import { pullCompany } from '../../sync/pull';

export type PullState = 'loading' | 'done' | 'notFound' | 'failed';

/** The stored company (live from Dexie) and the state of its pull, started on mount. */
export function useCompanyPull(companyId: string | null | undefined) {
  const company = useCompany(companyId);
  const [state, setState] = useState<{ id: string | null | undefined; value: PullState }>({ id: companyId, value: 'loading' });
  useEffect(() => {
    if (!companyId) return;
    let live = true;
    pullCompany(companyId).then(
      (row) => live && setState({ id: companyId, value: row ? 'done' : 'notFound' }),
      () => live && setState({ id: companyId, value: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [companyId]);
  const pull: PullState = !companyId ? 'notFound' : state.id === companyId ? state.value : 'loading';
  return { company, pull };
}
