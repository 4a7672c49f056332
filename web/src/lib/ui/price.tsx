import { formatPrice } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';

/**
 * The one element a price is shown in: a price never breaks over lines, even in a narrow cell that
 * lets long words break anywhere (the rule is `.price` in app/styles/global.css, so a page drawn
 * by the server keeps it too). Inside a translated sentence, pass it as the message's value.
 */
export function Price({ amount, className, testId }: { amount: number; className?: string; testId?: string }) {
  const locale = useLocale();
  return (
    <span className={className ? `price ${className}` : 'price'} data-price="" data-testid={testId}>
      {formatPrice(amount, locale)}
    </span>
  );
}
