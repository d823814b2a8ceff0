import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Currency, PRODUCT_LIMITS, ProductType, type CurrencyCode, type Product, type ProductInput, type ProductTypeCode } from '../../domain/products';
import { Alert } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField, inputClass } from '../../ui/TextField';
import { useProductTypeLabel } from '../../ui/productLabels';
import { useProductMessage } from './messages';
import {
  canSaveProduct, emptyProductForm, productFieldErrors, productFormOf, productInputOf, type ProductFormValues,
} from './productForm';

/** How a save ended: the dialog closes on success, and otherwise keeps the input and shows why. */
export type ProductSaveResult = { ok: true } | { ok: false; message: string; fieldErrors: Partial<Record<keyof ProductInput, string>> };

export interface ProductDialogProps {
  /** The product edited; null adds one. */
  product: Product | null;
  onClose: () => void;
  onSave: (input: ProductInput) => Promise<ProductSaveResult>;
}

const CURRENCY_NAMES = Object.keys(Currency) as (keyof typeof Currency)[];
/** The fields that show their own error; a server error about anything else is said under the form. */
const FORM_FIELDS: readonly (keyof ProductInput)[] = ['name', 'description', 'price', 'currency', 'type', 'listingsTokens', 'eventClickTokens'];

/**
 * Add or edit a product (spec 2 §8): name, description, price (step 0.01, min 0), currency, type,
 * listing and event-click tokens (whole, min 0), Active. Create (new) or Save (edit) is disabled
 * without a name or a price; the rules of validateProduct show per field once a field was left or
 * a save tried. A refused save keeps the dialog open with the server's message (docs/decisions.md).
 * Mounted per opening, so each starts from the product as stored.
 */
export function ProductDialog({ product, onClose, onSave }: ProductDialogProps) {
  const { t } = useLingui();
  const translate = useProductMessage();
  const typeLabel = useProductTypeLabel();
  const descriptionId = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productFormOf(product) : emptyProductForm()));
  const [touched, setTouched] = useState<Partial<Record<keyof ProductInput, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Exclude<ProductSaveResult, { ok: true }> | null>(null);

  const ruleErrors = productFieldErrors(values);
  const errorOf = (field: keyof ProductInput): string | null => {
    const rule = (tried || touched[field]) ? ruleErrors[field] : undefined;
    if (rule) return translate(rule);
    const server = failure?.fieldErrors[field];
    return server ? translate(server) : null;
  };
  const change = (next: Partial<ProductFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setFailure(null);
  };
  const leave = (field: keyof ProductInput) => () => setTouched((s) => ({ ...s, [field]: true }));

  const submit = async () => {
    setTried(true);
    if (!canSaveProduct(values) || busy || Object.keys(ruleErrors).length > 0) return;
    setBusy(true);
    const result = await onSave(productInputOf(values));
    setBusy(false);
    if (!result.ok) setFailure(result);
  };
  const close = () => {
    if (!busy) onClose();
  };

  const descriptionLength = values.description.length;
  const descriptionError = errorOf('description');
  // A server failure that names no field of the form is said once, under the fields.
  const generalFailure = failure && !FORM_FIELDS.some((field) => failure.fieldErrors[field]) ? failure.message : null;

  return (
    <FormDialog onClose={close} title={product ? t`Edit Product` : t`Add Product`} size="lg"
      busy={busy} canSubmit={canSaveProduct(values)} onSubmit={() => void submit()} submitTestId="product-save" submitLabel={product ? <Trans>Save</Trans> : <Trans>Create</Trans>} formClassName="grid gap-4 sm:grid-cols-2">
      <TextField label={t`Name`} required className="sm:col-span-2" value={values.name} maxLength={PRODUCT_LIMITS.name}
        autoComplete="off" data-autofocus data-testid="product-name" error={errorOf('name')}
        onChange={(e) => change({ name: e.target.value })} onBlur={leave('name')} />
      <div className="sm:col-span-2">
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-fg"><Trans>Description</Trans></label>
        <textarea id={descriptionId} rows={3} value={values.description} maxLength={PRODUCT_LIMITS.description}
          aria-invalid={descriptionError ? true : undefined} aria-describedby={`${descriptionId}-count${descriptionError ? ` ${descriptionId}-error` : ''}`}
          className={`${inputClass} resize-y`} data-testid="product-description"
          onChange={(e) => change({ description: e.target.value })} onBlur={leave('description')} />
        <p id={`${descriptionId}-count`} className="mt-1 text-xs text-muted">{descriptionLength}/{PRODUCT_LIMITS.description}</p>
        {descriptionError && <p id={`${descriptionId}-error`} className="mt-1 text-sm text-danger">{descriptionError}</p>}
      </div>
      <TextField label={t`Price`} required type="number" inputMode="decimal" min={0} step={0.01} max={PRODUCT_LIMITS.maxPrice}
        value={values.price} data-testid="product-price" error={errorOf('price')}
        onChange={(e) => change({ price: e.target.value })} onBlur={leave('price')} />
      <SelectField label={t`Currency`} value={values.currency} data-testid="product-currency" error={errorOf('currency')}
        onChange={(e) => change({ currency: Number(e.target.value) as CurrencyCode })}>
        {CURRENCY_NAMES.map((name) => <option key={name} value={Currency[name]}>{name}</option>)}
      </SelectField>
      <SelectField label={t`Type`} value={values.type} data-testid="product-type" error={errorOf('type')}
        className="sm:col-span-2" onChange={(e) => change({ type: Number(e.target.value) as ProductTypeCode })}>
        {[ProductType.Subscription, ProductType.OneTime].map((code) => <option key={code} value={code}>{typeLabel(code)}</option>)}
      </SelectField>
      <TextField label={t`Listing tokens`} type="number" inputMode="numeric" min={0} step={1} max={PRODUCT_LIMITS.maxTokens}
        value={values.listingsTokens} data-testid="product-listings-tokens" error={errorOf('listingsTokens')}
        hint={t`Listings the company can send for approval`}
        onChange={(e) => change({ listingsTokens: e.target.value })} onBlur={leave('listingsTokens')} />
      <TextField label={t`Event-click tokens`} type="number" inputMode="numeric" min={0} step={1} max={PRODUCT_LIMITS.maxTokens}
        value={values.eventClickTokens} data-testid="product-event-tokens" error={errorOf('eventClickTokens')}
        hint={t`Event planners the company can contact`}
        onChange={(e) => change({ eventClickTokens: e.target.value })} onBlur={leave('eventClickTokens')} />
      <Checkbox label={t`Active (on sale)`} className="sm:col-span-2" checked={values.isActive} data-testid="product-active"
        onChange={(e) => change({ isActive: e.target.checked })} />
      {generalFailure && <div className="sm:col-span-2"><Alert tone="error">{generalFailure}</Alert></div>}
    </FormDialog>
  );
}
