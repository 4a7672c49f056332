import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { vatPercentSchema, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import { priceProduct } from '@pharmaradar/shared/margin-engine';
import type { ProDoneEvent, ProProductEvent } from '@pharmaradar/shared/pro.schema';
import type { SearchOffer } from '@pharmaradar/shared/search.schema';
import { importedVat, type VatSource } from '@pharmaradar/shared/vat-rule';
import { isApiRequestError } from '../../lib/api/client';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { retailerLabel, safeHttpUrl } from '../../lib/retailers';
import { PageLanguageNote, usePageLanguageNote } from '../../lib/ui/page-language-note';
import { RetailerBadge } from '../../lib/ui/retailer-badge';
import { Spinner } from '../../lib/ui/spinner';
import { TextField } from '../../lib/ui/text-field';
import { AnalysisCostNote } from './analysis-cost-note';
import { officialTitle } from './import/catalogue-flags';
import { formatPurchaseInput, parsePurchaseInput } from './group/purchase-input';
import { offerRecord, proStore } from './data/pro-store';
import { PriceTime } from './price-time';
import { ProductFigures } from './product-figures';
import { vatFromMessage } from './group/vat-selection';
import { fetchProCatalogue } from './pro-catalogue.client';
import { streamProPrices } from './pro-prices.client';
import { useAnalysisCost } from './use-analysis-cost';

const NO_CNKS: readonly string[] = [];

/** Product mode: one CNK priced live, its card under the current settings (docs/product.md#data). */
export function ProductMode({
  settings,
  onUsage,
}: {
  settings: PricingSettings;
  onUsage: (done: ProDoneEvent) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ProProductEvent | null>(null);
  // When the answer came: its prices' age is told from then.
  const [answeredAt, setAnsweredAt] = useState(0);
  const [vat, setVat] = useState('');
  const [vatSource, setVatSource] = useState<VatSource | null>(null);
  const [catalogue, setCatalogue] = useState('');
  const [catalogueInvalid, setCatalogueInvalid] = useState(false);
  const typed = normaliseCnk(input);
  // What pricing the typed CNK would cost, shown before it runs (ADR 208).
  const cost = useAnalysisCost(typed ? [typed] : NO_CNKS, busy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cnk = normaliseCnk(input);
    if (!cnk) {
      setError(intl.formatMessage({ id: 'pro.tool.product.invalidCnk' }));
      return;
    }
    if (cost?.fits === false) return; // the note under the form says why it will not be priced
    setError(null);
    setBusy(true);
    setAnswer(null);
    try {
      // A price shows only once it is stored, as in the group analysis: the person may reload offline
      // right then and must see the same. A write IndexedDB refuses still shows the answer.
      let stored = Promise.resolve();
      const done = await streamProPrices([cnk], (e) => {
        stored = stored
          .then(() => proStore.storeOffers([offerRecord(e)]))
          .catch(() => undefined)
          .then(() => {
            setAnsweredAt(Date.now());
            setAnswer(e);
          });
      });
      await stored;
      if (done) onUsage(done);
      const remembered = (await proStore.knownLines([cnk])).get(cnk);
      const decided =
        remembered?.vatPercent != null
          ? { vatPercent: remembered.vatPercent, vatSource: remembered.vatSource }
          : importedVat(null, await productKind(cnk, locale));
      setVat(decided.vatPercent === null ? '' : String(decided.vatPercent));
      setVatSource(decided.vatSource);
      setCatalogue(formatPurchaseInput(remembered?.purchaseExVat ?? null, locale));
      setCatalogueInvalid(false);
    } catch (failure) {
      setError(
        isApiRequestError(failure) && failure.code === 'quota_exceeded'
          ? failure.detail
          : intl.formatMessage({ id: 'pro.tool.fetchFailed' }),
      );
    } finally {
      setBusy(false);
    }
  };

  // Each field writes only itself, through the same write as the group table (docs/decisions/216):
  // the product's line in every group holding it, synced. A price typed here must not also stamp the
  // VAT the card shows by default onto the groups' lines, and what is not a price changes nothing.
  const rememberVat = (typed: string) => {
    const vatPercent = vatPercentSchema.safeParse(typed.trim() === '' ? NaN : Number(typed.replace(',', '.')));
    if (answer && vatPercent.success)
      void proStore.saveLines([{ cnk: answer.cnk, vatPercent: vatPercent.data, vatSource: 'pharmacist' }]);
  };
  const rememberCatalogue = (typed: string) => {
    const price = parsePurchaseInput(typed);
    setCatalogueInvalid(!price.ok);
    if (answer && price.ok) void proStore.saveLines([{ cnk: answer.cnk, purchaseExVat: price.value }]);
  };

  // The card's two number fields: the VAT rate and the purchase price, each with its message's label.
  const decimalField = (field: 'vat' | 'catalogue') => ({
    id: `pro-${field}`,
    name: field,
    label: intl.formatMessage({ id: `pro.tool.product.${field}` }),
    inputMode: 'decimal' as const,
  });

  const offers = answer?.product?.offers ?? [];
  // No VAT typed, remembered or known from the product's kind: nothing is priced from an assumed rate.
  const typedVat = vatPercentSchema.safeParse(vat.trim() === '' ? NaN : Number(vat.replace(',', '.')));
  const vatKnown = typedVat.success;
  const vatPercent = typedVat.success ? typedVat.data : null;
  const typedPrice = parsePurchaseInput(catalogue);
  const card =
    answer && offers.length > 0 && vatPercent !== null
      ? priceProduct(
          {
            vatPercent,
            offers: offers.map((o) => o.price),
            purchaseExVat: typedPrice.ok ? typedPrice.value : null,
          },
          settings,
        )
      : null;

  return (
    <section className="pro-card" aria-labelledby="pro-product-title">
      <h2 id="pro-product-title">
        <FormattedMessage id="pro.tool.product.title" />
      </h2>
      <form className="pro-product-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="pro-cnk"
          name="cnk"
          label={intl.formatMessage({ id: 'pro.tool.product.cnk' })}
          value={input}
          onValueChange={setInput}
          inputMode="numeric"
          invalid={error !== null}
          fieldError={error ?? undefined}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || cost?.fits === false}
          aria-describedby={cost ? 'pro-cost-product' : undefined}
        >
          <FormattedMessage id="pro.tool.product.submit" />
        </button>
      </form>
      <AnalysisCostNote cost={cost} action="product" id="pro-cost-product" />
      {busy && <Spinner />}
      {answer && answer.status === 'not_found' && (
        <p role="status">
          <FormattedMessage id="pro.tool.product.notFound" />
        </p>
      )}
      {answer && answer.status === 'invalid_cnk' && (
        <p role="alert">
          <FormattedMessage id="pro.tool.product.invalidCheckDigit" />
        </p>
      )}
      {answer && answer.status === 'excluded' && answer.exclusion && (
        <p role="alert" data-testid="pro-product-excluded">
          <FormattedMessage id={`pro.tool.product.excluded.${answer.exclusion}`} />
          {answer.official && (
            <>
              {' '}
              <FormattedMessage id="pro.tool.product.official" values={{ official: officialTitle(answer.official) }} />
            </>
          )}
        </p>
      )}
      {answer && answer.status === 'error' && (
        <p role="alert">
          <FormattedMessage id="pro.tool.product.retailerError" />
        </p>
      )}
      {answer?.product && (
        <article className="pro-product-card" data-testid="pro-product-card">
          <h3>{answer.product.name}</h3>
          {answer.official && (
            // The official name and pack (SAM) beside the shops' title (docs/decisions/161).
            <p className="pro-product-card__official" data-testid="pro-product-official">
              <FormattedMessage id="pro.tool.product.official" values={{ official: officialTitle(answer.official) }} />
            </p>
          )}
          <p className="pro-product-card__time">
            <PriceTime
              fetchedAt={answer.fetchedAt}
              ageMs={Math.max(0, answeredAt - Date.parse(answer.fetchedAt))}
              variant="line"
              testId="pro-product-time"
            />
          </p>
          {offers.length === 0 ? (
            <p>
              <FormattedMessage id="pro.tool.product.noOffers" />
            </p>
          ) : (
            <ul className="pro-offers">
              {offers.map((o) => (
                <ProOfferLine key={`${o.retailer}-${o.url ?? ''}`} offer={o} />
              ))}
            </ul>
          )}
          <div className="pro-product-inputs">
            <TextField
              {...decimalField('vat')}
              value={vat}
              onValueChange={(value) => {
                setVat(value);
                setVatSource('pharmacist');
                rememberVat(value);
              }}
              hint={intl.formatMessage({ id: vatFromMessage({ vatPercent: vatKnown ? vatPercent : null, vatSource }) })}
            />
            <TextField
              {...decimalField('catalogue')}
              value={catalogue}
              fieldError={catalogueInvalid ? intl.formatMessage({ id: 'pro.tool.table.purchaseInvalid' }) : undefined}
              onValueChange={(value) => {
                setCatalogue(value);
                rememberCatalogue(value);
              }}
            />
          </div>
          {offers.length > 0 && !vatKnown && (
            <p role="status" data-testid="pro-product-vat-needed">
              <FormattedMessage id="pro.tool.product.vatNeeded" />
            </p>
          )}
          {card && <ProductFigures card={card} />}
          {card?.minimumOutOfReach && (
            <p role="alert" className="pro-alert">
              <FormattedMessage id="pro.export.notes.minimumOutOfReach" />
            </p>
          )}
        </article>
      )}
    </section>
  );
}

/** One shop's offer: its name, price and link; a link to a page not in the reader's language says so (docs/decisions/232). */
function ProOfferLine({ offer }: { offer: SearchOffer }) {
  const locale = useLocale();
  const url = safeHttpUrl(offer.url);
  const pageNote = usePageLanguageNote(offer.pageLanguage, url !== null);
  return (
    <li>
      <span className="pro-offers__shop">
        <RetailerBadge id={offer.retailer} />
        {retailerLabel(offer.retailer)}
        <PageLanguageNote note={pageNote} className="pro-offers__page-language" testId="pro-offer-page-language" />
      </span>{' '}
      <span className="pro-offers__price">{formatPrice(offer.price, locale)}</span>{' '}
      {url ? (
        <a href={url} hrefLang={offer.pageLanguage} target="_blank" rel="noreferrer">
          <FormattedMessage id="pro.tool.product.link" />
        </a>
      ) : (
        <FormattedMessage id="pro.tool.product.linkUnavailable" />
      )}
    </li>
  );
}

/** The product's kind per the official catalogue, or null when it does not know the CNK or cannot be asked. */
async function productKind(cnk: string, locale: Parameters<typeof fetchProCatalogue>[1]) {
  try {
    return (await fetchProCatalogue([cnk], locale)).facts.find((fact) => fact.cnk === cnk)?.kind ?? null;
  } catch {
    return null;
  }
}
