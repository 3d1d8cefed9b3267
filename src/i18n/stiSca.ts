// The texts of the provider's STI-SCA page (docs/screens.md, Delegate CA). Spread into en.ts as
// `portal.sti_sca` and `resources.sti-scas`.

export const stiScaMessages = {
  title: 'Delegate CA (STI-SCA)',
  intro:
    'An STI-SCA is your own subordinate certificate authority: with it you sign delegate certificates for the telephone numbers your enterprise customers use, so that their calls are signed for their numbers.',
  key_held:
    'Its private key is made and held by the portal and can never be downloaded. You hold one current STI-SCA at a time: renew it before it expires, or revoke it to end it.',
  request: 'Request STI-SCA',
  request_title: 'Request your STI-SCA',
  request_blocked: 'You already hold a current STI-SCA. Renew or revoke it instead.',
  request_hint: 'The STI-PA must allow this user to request an SPC token for a subordinate CA (an STI-SCA).',
  requested: 'Your STI-SCA has been issued',
  request_failed: 'The STI-SCA could not be issued.',
  renew_question: 'Renew this STI-SCA?',
  renew_explanation:
    'A new STI-SCA is issued on a new key and becomes the current one. This one stays valid until it expires, so that what it signed keeps verifying.',
  renewed: 'Your STI-SCA has been renewed',
  revoke_question: 'Revoke this STI-SCA?',
  revoke_delegates: 'Revoking it also revokes every delegate certificate it signed.',
  revoked: 'The STI-SCA has been revoked',
  download_chain: 'Download chain',
  copy_cr_url: 'Copy the CR URL of %{serial}',
  empty: 'No STI-SCA yet. Request one to sign delegate certificates.',
};

export const stiScaResource = {
  name: 'STI-SCA |||| STI-SCAs',
  fields: {
    serial_number: 'Serial Number',
    status: 'Status',
    not_before: 'Valid From',
    not_after: 'Valid To',
    cr_path: 'CR URL',
    revoked_on: 'Revoked On',
    revocation_reason: 'Revocation Reason',
  },
};
