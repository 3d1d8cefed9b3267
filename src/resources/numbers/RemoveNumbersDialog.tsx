// "Remove numbers" of the number listing (docs/delegates.md, "Numbers stay true"): the numbers and blocks typed
// leave the inventory, after the dialog has said what that does to delegate certificates. The rule of the lines is
// the server's (removeNumbersSchema). When delegates covered a removed number, the dialog then lists them and links
// to their page; otherwise it closes with a toast. While the call runs the dialog stays open and Remove disabled.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import { yupResolver } from '@hookform/resolvers/yup';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { removeNumbersSchema, type RemoveNumbersInput } from '../../../contract/numbers';
import type { DelegateUncovered } from '../../../contract/wire/numbers';
import { countText } from '../../../contract/format';
import { MainButton } from '../../components/MainButton';
import { useSingleFlight } from '../../components/useSingleFlight';
import type { PortalDataProvider } from '../../dataProvider/types';
import { failureMessage } from '../../customRoutes/public/httpError';

/** Where the provider's delegate certificates are listed. */
export const DELEGATES_PATH = '/sti-certificate/delegates';

/** Each delegate that lost numbers, on a line; with its provider's company when an admin sees every provider's. */
export function UncoveredList({
  delegates,
}: {
  delegates: (DelegateUncovered & { company_name?: string })[];
}) {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {delegates.map((d) => (
        <ListItem key={d.id} disableGutters>
          {d.company_name ? `${d.company_name}: ` : ''}
          {translate('portal.numbers.uncovered_row', {
            customer: d.customer_name,
            serial: d.serial_number,
            missing: countText(d.missing),
            count: countText(d.number_count),
          })}
        </ListItem>
      ))}
    </List>
  );
}

interface RemoveFormProps {
  titleId: string;
  /** The removal ran: with the delegates that lost numbers (none: the dialog closes). */
  onRemoved: (delegates: DelegateUncovered[]) => void;
  onCancel: () => void;
  /** Reports the call in flight, during which the dialog does not close. */
  onBusy: (busy: boolean) => void;
}

function RemoveForm({ titleId, onRemoved, onCancel, onBusy }: RemoveFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { busy, run } = useSingleFlight();
  const form = useForm<RemoveNumbersInput>({
    resolver: yupResolver(removeNumbersSchema),
    defaultValues: { numbers: '' },
  });

  const submit = form.handleSubmit((values) =>
    run(async () => {
      onBusy(true);
      try {
        const { removed, delegates } = await dataProvider.removeNumbers(values.numbers);
        refresh();
        if (removed === 0) {
          form.setError('numbers', { message: translate('portal.numbers.removed_none') });
          return;
        }
        notify('portal.numbers.removed', { type: 'success', messageArgs: { count: countText(removed) } });
        onRemoved(delegates);
      } catch (error) {
        form.setError('numbers', { message: failureMessage(error) });
      } finally {
        onBusy(false);
      }
    }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle id={titleId}>{translate('portal.numbers.remove_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {translate('portal.numbers.remove_intro')}
        </DialogContentText>
        <Controller
          name="numbers"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={translate('portal.numbers.remove_lines')}
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
              autoFocus
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? translate('portal.numbers.remove_help')}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('portal.common.cancel')}
        </Button>
        <MainButton type="submit" color="error" loading={busy} sx={{ minHeight: 36 }}>
          {translate('portal.numbers.remove_confirm')}
        </MainButton>
      </DialogActions>
    </form>
  );
}

export function RemoveNumbersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [uncovered, setUncovered] = useState<DelegateUncovered[] | null>(null);
  const close = () => {
    setUncovered(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {uncovered ? (
        <>
          <DialogTitle id={titleId}>{translate('portal.numbers.uncovered_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2">
              {translate('portal.numbers.uncovered_intro')}
            </DialogContentText>
            <UncoveredList delegates={uncovered} />
          </DialogContent>
          <DialogActions>
            <Link component={RouterLink} to={DELEGATES_PATH} onClick={close} sx={{ mr: 'auto', ml: 2 }}>
              {translate('portal.numbers.uncovered_link')}
            </Link>
            <Button onClick={close}>{translate('portal.common.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <RemoveForm
          titleId={titleId}
          onBusy={setBusy}
          onCancel={close}
          onRemoved={(delegates) => (delegates.length ? setUncovered(delegates) : close())}
        />
      )}
    </Dialog>
  );
}
