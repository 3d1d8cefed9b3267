// The import file's format (docs/api.md "The import file"): the columns the server reads, each with what
// it holds, one example row and a template to download. Columns and example come from contract/numbers.ts, the
// same list the server's header check reads, so the template is a file the import takes without a rejected row.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { NUMBER_IMPORT, NUMBER_IMPORT_TEMPLATE_NAME, numberImportTemplate } from '../../../contract/numbers';
import { saveFile } from '../../components/certificates/saveFile';

/** Saves the template (the header and the example row) built here, in the browser. */
export function downloadImportTemplate(): void {
  saveFile(new Blob([numberImportTemplate()], { type: 'text/csv' }), NUMBER_IMPORT_TEMPLATE_NAME);
}

export function ImportFormat() {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={translate('portal.numbers.format.label')}
      sx={{ maxWidth: 720, minWidth: 0 }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('portal.numbers.format.intro')}
      </Typography>
      <Table size="small" sx={{ mb: 1, '& td, & th': { overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('portal.numbers.format.column')}</TableCell>
            <TableCell>{translate('portal.numbers.format.meaning')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NUMBER_IMPORT.columns.map((column) => (
            <TableRow key={column}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
              <TableCell>{translate(`portal.numbers.format.columns.${column}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2">{translate('portal.numbers.format.example')}</Typography>
      <Box
        component="pre"
        data-testid="import-example"
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          bgcolor: 'action.hover',
          p: 1,
          my: 1,
          // the header line wraps on a phone rather than widening the page
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {numberImportTemplate()}
      </Box>
      <Button size="small" startIcon={<DownloadIcon />} onClick={downloadImportTemplate}>
        {translate('portal.numbers.format.template')}
      </Button>
    </Box>
  );
}
