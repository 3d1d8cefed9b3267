// /sti-certificate/private-key (SPEC.md §2): the provider's private keys, 10 a page with server-side paging
// (skip/take), Import, Create New, and per key Download (saved under the server's file name) and Delete
// (confirmed). Failures of the key calls are toasts through the shared message extractor (§8); a failed list also
// shows its message and a Retry in place of the rows (issue 14).
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import { Title, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/lists';
import { ConfirmDialog, ImportKeyDialog } from '../../components/certificates';
import { PrivateKeyListActions } from './PrivateKeyListActions';
import { PrivateKeyPagination, PrivateKeyTable } from './PrivateKeyTable';
import { usePrivateKeyActions } from './usePrivateKeyActions';
import { usePrivateKeyList } from './usePrivateKeyList';

const TITLE_ID = 'private-keys-title';

export function PrivateKeyList() {
  const translate = useTranslate();
  const list = usePrivateKeyList();
  const actions = usePrivateKeyActions(list);
  const [importing, setImporting] = useState(false);

  const title = translate('portal.menu.private_key');
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={TITLE_ID}>
      <Title title={title} />
      <CardContent>
        <PrivateKeyListActions
          title={title}
          titleId={TITLE_ID}
          creating={actions.creating}
          onImport={() => setImporting(true)}
          onCreate={actions.create}
        />
        {list.error ? (
          <ListLoadError error={list.error} onRetry={list.retry} retrying={list.isFetching} />
        ) : (
          <>
            {list.isPending || list.isFetching ? (
              <LinearProgress aria-label={translate('portal.common.loading')} />
            ) : null}
            <PrivateKeyTable
              titleId={TITLE_ID}
              rows={list.rows}
              empty={!list.isPending && list.rows.length === 0}
              downloading={actions.downloading}
              onDownload={actions.download}
              onDelete={actions.setToDelete}
            />
            <PrivateKeyPagination page={list.page} total={list.total} onPageChange={list.setPage} />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={Boolean(actions.toDelete)}
        question="portal.certificates.delete_question"
        busy={actions.deleting}
        onConfirm={actions.confirmDelete}
        onCancel={() => actions.setToDelete(null)}
      />
      <ImportKeyDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void list.reload(0);
        }}
      />
    </Card>
  );
}

export default PrivateKeyList;
