// What the admin does to one reseller: edit, deactivate or activate, a new promo code, the invitation again; past
// the first two, in the row's menu (components/lists/RowActions).
// Deactivating and a new promo code take effect at once, so each asks first.
import { useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { formatPromoCode, type ResellerRow } from '../../../contract/resellers';
import { RowActions, type RowAction } from '../../components/lists';
import type { PortalDataProvider } from '../../dataProvider/types';

type Asking = 'active' | 'rotate' | null;

function useResellerCalls(record: ResellerRow, done: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [update, { isPending: switching }] = useUpdate();
  const [busy, setBusy] = useState(false);
  const fail = (error: unknown) => notify((error as Error).message, { type: 'error' });

  const setActive = () =>
    update(
      'resellers',
      { id: record.id, data: { is_active: !record.is_active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(record.is_active ? 'portal.resellers.deactivated' : 'portal.resellers.activated', {
            type: 'success',
          });
          done();
        },
        onError: (error) => {
          fail(error);
          done();
        },
      },
    );

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
      refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
      done();
    }
  };

  const rotate = () =>
    run(async () => {
      const row = await dataProvider.rotateResellerCode(String(record.id));
      notify('portal.resellers.rotated', {
        type: 'success',
        messageArgs: { code: formatPromoCode(row.url_token) },
      });
    });

  const resend = () =>
    run(async () => {
      await dataProvider.resendResellerInvitation(String(record.id));
      notify('portal.resellers.resent', { type: 'success' });
    });

  return { setActive, rotate, resend, loading: switching || busy };
}

export function ResellerActions({ showEdit = true }: { showEdit?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<ResellerRow>();
  const [asking, setAsking] = useState<Asking>(null);
  const calls = useResellerCalls(record ?? ({} as ResellerRow), () => setAsking(null));
  if (!record) return null;
  const name = record.name || record.email;
  const deactivating = record.is_active;
  const actions: RowAction[] = [
    ...(showEdit
      ? [
          {
            key: 'edit',
            label: translate('portal.resellers.edit'),
            to: `/admin/resellers/${encodeURIComponent(String(record.id))}`,
          },
        ]
      : []),
    {
      key: 'active',
      label: translate(deactivating ? 'portal.resellers.deactivate' : 'portal.resellers.activate'),
      color: deactivating ? 'error' : 'primary',
      onClick: () => setAsking('active'),
    },
    {
      key: 'rotate',
      label: translate('portal.resellers.rotate'),
      onClick: () => setAsking('rotate'),
      disabled: !record.is_active,
    },
    ...(!record.is_confirmed && record.is_active
      ? [
          {
            key: 'resend',
            label: translate('portal.resellers.resend'),
            onClick: () => void calls.resend(),
            disabled: calls.loading,
          },
        ]
      : []),
  ];
  return (
    <>
      <RowActions actions={actions} name={name} />
      <Confirm
        isOpen={asking === 'active'}
        loading={calls.loading}
        title={deactivating ? 'portal.resellers.deactivate_title' : 'portal.resellers.activate_title'}
        content={deactivating ? 'portal.resellers.deactivate_question' : 'portal.resellers.activate_question'}
        translateOptions={{ name }}
        confirm={deactivating ? 'portal.resellers.deactivate' : 'portal.resellers.activate'}
        confirmColor={deactivating ? 'warning' : 'primary'}
        onConfirm={() => void calls.setActive()}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'rotate'}
        loading={calls.loading}
        title="portal.resellers.rotate_title"
        content="portal.resellers.rotate_question"
        translateOptions={{ name, code: formatPromoCode(record.url_token) }}
        confirm="portal.resellers.rotate"
        confirmColor="warning"
        onConfirm={() => void calls.rotate()}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
