import { useIntl } from 'react-intl';
import { PLANS } from '@pharmaradar/shared/current-user';

/** One option per plan, named in the interface language (the plan choice and the users filter). */
export function PlanOptions() {
  const intl = useIntl();
  return (
    <>
      {PLANS.map((p) => (
        <option key={p} value={p}>
          {intl.formatMessage({ id: `admin.plans.${p}` })}
        </option>
      ))}
    </>
  );
}
