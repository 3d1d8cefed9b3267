// One field for each kind of value a list or a page shows, written the one way docs/formats.md gives: a date and
// time, a date, an amount, a count, a telephone number. Lists use these instead of formatting in a FunctionField,
// so no screen writes a value its own way. Each takes react-admin's field props (source, label, sortable...),
// which Datagrid and the phone's stacked rows read from the element.
import { FunctionField, useTranslate, type FunctionFieldProps, type RaRecord } from 'react-admin';
import { countText, dateText, dateTimeText, moneyText, phoneText } from '../../contract/format';

export type ValueFieldProps<R extends RaRecord = RaRecord> = Omit<FunctionFieldProps<R>, 'render'> & {
  source: string;
};

/** The value at a field's source ('a.b' reads a nested value). */
const valueAt = (record: RaRecord, source: string): unknown =>
  source
    .split('.')
    .reduce<unknown>(
      (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      record,
    );

function valueField(format: (value: never) => string, name: string) {
  function ValueField<R extends RaRecord = RaRecord>(props: ValueFieldProps<R>) {
    return (
      <FunctionField<R> {...props} render={(record) => format(valueAt(record, props.source) as never)} />
    );
  }
  ValueField.displayName = name;
  return ValueField;
}

/** '11/28/2026, 3:46:26 PM', in the reader's time zone. */
export const DateTimeField = valueField(dateTimeText, 'DateTimeField');
/** '11/28/2026': the UTC calendar date (periods, expiries). */
export const DateOnlyField = valueField(dateText, 'DateOnlyField');
/** '$1,000.00'. */
export const MoneyField = valueField(moneyText, 'MoneyField');
/** '2,000'. */
export const CountField = valueField(countText, 'CountField');
/** '(201) 555-0123' for a US number; any other as given. */
export const PhoneField = valueField(phoneText, 'PhoneField');

/**
 * A status as words, in sentence case ('Past due'), from the texts under `texts` (`<texts>.<value>`); an unknown
 * value is shown as it came rather than as a missing-text key.
 */
export function StatusField<R extends RaRecord = RaRecord>({
  texts,
  ...props
}: ValueFieldProps<R> & { texts: string }) {
  const translate = useTranslate();
  return (
    <FunctionField<R>
      {...props}
      render={(record) => {
        const value = valueAt(record, props.source);
        if (value === null || value === undefined || value === '') return '';
        return translate(`${texts}.${String(value)}`, { _: String(value) });
      }}
    />
  );
}
