import { useIntl } from 'react-intl';
import { YesNoChoice, type YesNoChoiceProps } from '../../lib/ui/yes-no-choice';

type PharmacistChoiceProps = Omit<YesNoChoiceProps, 'name' | 'legend' | 'yesLabel' | 'noLabel'>;

/** The "are you a pharmacist?" question of the register form and the Google block (`is_pharmacist`). */
export function PharmacistChoice(props: PharmacistChoiceProps) {
  const intl = useIntl();
  return (
    <YesNoChoice
      {...props}
      name="is_pharmacist"
      legend={intl.formatMessage({ id: 'auth.pharmacist.legend' })}
      yesLabel={intl.formatMessage({ id: 'auth.pharmacist.yes' })}
      noLabel={intl.formatMessage({ id: 'auth.pharmacist.no' })}
    />
  );
}
