// /import-history (docs/screens.md, Import history): the provider's imports, newest first, 7 a page, 'No Data
// Found' when empty. The Import button uploads a CSV with a progress bar of the bytes sent; the list then
// refreshes every second while an import is pending or processing, so its status and counts move until it
// ends; a finished import with rejected rows offers its error report (its first rows), with the rows it does
// not list counted by reason, or says that the report expired. An import stopped as the wrong file shows why
// in its status. The Import button first opens a dialog saying what the CSV holds (ImportFormat), also shown
// while the history is empty; each completed import that brought numbers links to the number listing filtered
// by that import.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  FunctionField,
  TextField,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import { countText } from '../../../contract/format';
import type { NumberImport } from '../../../contract/numbers';
import { saveFile } from '../../components/certificates/saveFile';
import type { PortalDataProvider } from '../../dataProvider';
import { PortalList } from '../PortalList';
import numbersResource, { numbersOfImportSearch } from '../numbers';
import { ImportFormat } from './ImportFormat';
import { CountField, DateTimeField } from '../../components/fields';

export type ImportRecord = NumberImport;

/** While an import runs, the list is read again this often. */
export const REFRESH_MS = 1000;

const running = (r: ImportRecord) => r.status === 'pending' || r.status === 'processing';

/** The number listing, where a completed import's numbers are. */
const NUMBERS_PATH = numbersResource.routes[0].path;

/** The file's format before the file picker: Choose opens the picker, Cancel closes. */
function ImportDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="import-dialog-title" maxWidth="md">
      <DialogTitle id="import-dialog-title">{translate('portal.numbers.import_title')}</DialogTitle>
      <DialogContent>
        <ImportFormat />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.common.cancel')}</Button>
        <Button variant="contained" onClick={onChoose}>
          {translate('portal.numbers.choose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { refetch } = useListContext();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [dialog, setDialog] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress({ name: file.name, percent: 0 });
    try {
      await dataProvider.uploadNumbers(file, (sent, total) =>
        setProgress({ name: file.name, percent: total ? Math.round((sent / total) * 100) : 0 }),
      );
      notify('portal.numbers.uploaded', { type: 'success' });
      refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ px: 2, py: 1 }}>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={translate('portal.numbers.choose_file')}
        onChange={onFile}
      />
      <Button variant="contained" disabled={progress !== null} onClick={() => setDialog(true)}>
        {translate('portal.numbers.import')}
      </Button>
      <ImportDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onChoose={() => {
          setDialog(false);
          input.current?.click();
        }}
      />
      {progress && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2">
            {translate('portal.numbers.uploading', { name: progress.name, percent: progress.percent })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            aria-label={translate('portal.numbers.upload_progress')}
          />
        </Box>
      )}
    </Box>
  );
}

/** A finished import's rejected rows: its error report to download while kept, and the rows it does not list. */
function ImportErrors({ record }: { record: ImportRecord }) {
  const translate = useTranslate();
  if (running(record) || !record.fail_count) return null;
  if (record.report_expired) {
    return <Typography variant="body2">{translate('portal.numbers.report_expired')}</Typography>;
  }
  const more = record.more_errors ?? [];
  return (
    <Box>
      {record.report_rows > 0 && <ErrorsButton record={record} />}
      {more.length > 0 && (
        <Typography variant="body2">
          {translate('portal.numbers.more_errors', { rows: countText(record.report_rows) })}
        </Typography>
      )}
      {more.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label={translate('portal.numbers.more_errors_label')}>
          {more.map((m) => (
            <Typography component="li" variant="body2" key={m.reason}>
              {translate('portal.numbers.more_errors_reason', {
                reason: m.reason,
                count: countText(m.count),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ErrorsButton({ record }: { record: ImportRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const download = async () => {
    try {
      const { blob, filename } = await dataProvider.downloadImportErrors(record.id);
      saveFile(blob, filename);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Button
      size="small"
      onClick={download}
      aria-label={translate('portal.numbers.download_errors', { name: record.filename })}
    >
      {translate('portal.numbers.download')}
    </Button>
  );
}

/** The file's format under an empty history, where a first import starts. */
function FormatWhileEmpty() {
  const list = useListContext<ImportRecord>();
  if (list.isPending || (list.data?.length ?? 0) > 0 || (list.total ?? 0) > 0) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <ImportFormat />
    </Box>
  );
}

/** A completed import that brought numbers: a link to the number listing filtered by that import. */
function NumbersLink({ record }: { record: ImportRecord }) {
  const translate = useTranslate();
  if (record.status !== 'completed' || !record.success_count) return null;
  return (
    <Button
      size="small"
      component={RouterLink}
      to={{ pathname: NUMBERS_PATH, search: numbersOfImportSearch(record.id) }}
      aria-label={translate('portal.numbers.view_numbers_of', { name: record.filename })}
    >
      {translate('portal.numbers.view_numbers')}
    </Button>
  );
}

/** While an import runs, the list is read again every REFRESH_MS, so its status and counts move. */
function RefreshWhileRunning() {
  const { data, refetch } = useListContext<ImportRecord>();
  const active = Boolean(data?.some(running));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, refetch]);
  return null;
}

export function ImportList() {
  const translate = useTranslate();
  return (
    <PortalList
      resource="imports"
      title="portal.menu.import_history"
      perPage={PAGE_SIZES.imports}
      sort={{ field: 'imported_on', order: 'DESC' }}
      exporter={false}
      actions={false}
      before={
        <>
          <ImportButton />
          <RefreshWhileRunning />
          <FormatWhileEmpty />
        </>
      }
      emptyText="portal.common.no_data_found"
    >
      <DateTimeField source="imported_on" />
      <TextField source="filename" />
      <FunctionField<ImportRecord>
        source="status"
        render={(r) =>
          r.status === 'failed' && r.reason
            ? `${translate('portal.numbers.status.failed')}: ${r.reason}`
            : translate(`portal.numbers.status.${r.status}`)
        }
      />
      <CountField source="count" />
      <CountField source="success_count" />
      <CountField source="fail_count" />
      <DateTimeField source="completed_on" />
      <FunctionField<ImportRecord>
        label="portal.numbers.numbers_column"
        sortable={false}
        render={(r) => <NumbersLink record={r} />}
      />
      <FunctionField<ImportRecord>
        label="portal.numbers.errors"
        sortable={false}
        render={(r) => <ImportErrors record={r} />}
      />
    </PortalList>
  );
}

export default ImportList;
