// The month / year choice of the plan step and of the Extend modal.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import type { RecurringInterval } from '../../contract/constants';

export interface PlanRadiosProps {
  label: string;
  value: RecurringInterval | '';
  onChange(value: RecurringInterval): void;
  labels: Record<RecurringInterval, string>;
  disabled?: boolean;
}

export function PlanRadios({ label, value, onChange, labels, disabled }: PlanRadiosProps) {
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ mb: 2 }}>
      <FormLabel id={id} component="legend">
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        name={`plan-${id}`}
        value={value}
        onChange={(event) => onChange(event.target.value as RecurringInterval)}
      >
        <FormControlLabel value="month" control={<Radio />} label={labels.month} />
        <FormControlLabel value="year" control={<Radio />} label={labels.year} />
      </RadioGroup>
    </FormControl>
  );
}
