// Payloads of the payment routes. (Server-only: the web app sends these from radio buttons and toggles.)
import * as yup from 'yup';
import { EXTEND_COUNT, EXTEND_COUNT_MESSAGE, isExtendCount } from '../../../contract/billing';
import { RECURRING_INTERVALS, RECURRING_INTERVAL_COUNT } from '../../../contract/constants';

const unknownField = 'Unknown field: ${unknown}';

export const INTERVAL_MESSAGE = `recurring_interval must be one of ${RECURRING_INTERVALS.join(', ')}`;
export const COUNT_MESSAGE = `recurring_interval_count must be ${RECURRING_INTERVAL_COUNT}`;

const interval = yup
  .string()
  .required('recurring_interval is a required field')
  .oneOf(RECURRING_INTERVALS, INTERVAL_MESSAGE);
const count = yup
  .number()
  .typeError(COUNT_MESSAGE)
  .oneOf([RECURRING_INTERVAL_COUNT], COUNT_MESSAGE)
  .default(RECURRING_INTERVAL_COUNT);
const spUuid = yup.string().trim().required('service_provider_uuid is a required field');

/** Keep the card paid with for automatic renewal (docs/billing.md); a JSON boolean, false when left out. */
const saveCard = yup.boolean().strict().typeError('save_card must be true or false').default(false);

export const subscriptionRequestSchema = yup
  .object({
    recurring_interval: interval,
    recurring_interval_count: count,
    service_provider_uuid: spUuid,
    save_card: saveCard,
  })
  .noUnknown(true, unknownField);

export const planChangeSchema = yup
  .object({ recurring_interval: interval, recurring_interval_count: count })
  .noUnknown(true, unknownField);

// The periods an extension pays. The Extend page sends a JSON number, so text such as "3" is refused rather than
// cast; without it (the Extend modal) one period is paid.
const extendCount = yup
  .mixed<number>()
  .nonNullable(EXTEND_COUNT_MESSAGE)
  .default(EXTEND_COUNT.min)
  .test('extend-count', EXTEND_COUNT_MESSAGE, (value) => isExtendCount(value));

export const extendSchema = yup
  .object({ recurring_interval: interval, count: extendCount })
  .noUnknown(true, unknownField);

export const autoChargeSchema = yup
  .object({
    auto_charge: yup.boolean().strict().required('auto_charge is a required field'),
    service_provider_uuid: spUuid,
  })
  .noUnknown(true, unknownField);

export const pastDueQuerySchema = yup.object({ service_provider_uuid: spUuid });
