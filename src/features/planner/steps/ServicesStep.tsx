import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCategories } from '../../../db/hooks';
import { useCategoryCatalogue } from '../../../db/planner-events';
import type { SelectedServices } from '../../../domain/events';
import { chosenIds, toggleService, type CategoryCatalogue, type ServiceChoice } from '../serviceSelection';

const box = 'h-4 w-4 accent-[var(--accent)]';

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className={box} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function CategoryChoices({ categoryId, selected, onChange }: {
  categoryId: string; selected: SelectedServices; onChange: (selected: SelectedServices) => void;
}) {
  const catalogue = useCategoryCatalogue(categoryId);
  if (!catalogue) return <p role="status" className="text-sm text-muted"><Trans>Loading services...</Trans></p>;
  const chosen = chosenIds(selected, categoryId);
  const choose = (choice: ServiceChoice) => onChange(toggleService(selected, categoryId, catalogue as CategoryCatalogue, choice));
  const empty = catalogue.categoryServices.length === 0 && catalogue.subCategories.length === 0;
  return (
    <div className="flex flex-col gap-4 pl-2">
      {empty && <p className="text-sm text-muted"><Trans>This category has no services.</Trans></p>}
      {catalogue.categoryServices.length > 0 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted"><Trans>Category services</Trans></legend>
          {catalogue.categoryServices.map((s) => (
            <Check key={s.id} label={s.name} checked={chosen.has(s.id)} onChange={(on) => choose({ kind: 'categoryService', id: s.id, on })} />
          ))}
        </fieldset>
      )}
      {catalogue.subCategories.map((sub) => {
        const services = catalogue.subCategoryServices.filter((s) => s.subCategoryId === sub.id);
        return (
          <fieldset key={sub.id} className="flex flex-col gap-1 rounded-md border border-border p-3">
            <legend className="sr-only">{sub.name}</legend>
            <Check label={sub.name} checked={chosen.has(sub.id)} onChange={(on) => choose({ kind: 'subCategory', id: sub.id, on })} />
            {services.length > 0 && (
              <div className="flex flex-col gap-1 pl-6">
                {services.map((s) => (
                  <Check key={s.id} label={s.name} checked={chosen.has(s.id)} onChange={(on) => choose({ kind: 'subCategoryService', id: s.id, on })} />
                ))}
              </div>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

/** Step 4: categories → sub-categories → services from the catalogue stored on this device. */
export function ServicesStep({ selected, onChange }: { selected: SelectedServices; onChange: (selected: SelectedServices) => void }) {
  const { t } = useLingui();
  const categories = useCategories();
  const [open, setOpen] = useState<string | null>(null);
  if (categories === undefined) return <p role="status" className="text-sm text-muted"><Trans>Loading categories...</Trans></p>;
  return (
    <div className="flex flex-col gap-2" data-testid="services-step">
      {categories.length === 0 && <p className="text-sm text-muted"><Trans>No categories are stored on this device yet.</Trans></p>}
      <ul className="divide-y divide-border rounded-md border border-border">
        {categories.map((category) => {
          const count = chosenIds(selected, category.id).size;
          const panelId = `event-category-${category.id}`;
          return (
            <li key={category.id} className="px-3 py-2">
              <button type="button" aria-expanded={open === category.id} aria-controls={panelId}
                className="flex w-full items-center justify-between gap-2 py-1 text-left text-sm font-medium"
                onClick={() => setOpen((v) => (v === category.id ? null : category.id))}>
                <span>{category.name}</span>
                <span className="text-xs text-muted">{count > 0 ? t`${count} chosen` : open === category.id ? t`Hide` : t`Choose`}</span>
              </button>
              {open === category.id && (
                <div id={panelId} className="mt-2">
                  <CategoryChoices categoryId={category.id} selected={selected} onChange={onChange} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
