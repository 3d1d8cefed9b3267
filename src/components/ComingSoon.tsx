// What a signed-in page that a later release builds shows until then.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Title, useTranslate } from 'react-admin';

export function ComingSoon({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const title = translate(titleKey);
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="page-title">
      <Title title={title} />
      <CardContent>
        <Typography component="h1" variant="h5" id="page-title" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{translate('portal.placeholder.coming')}</Typography>
      </CardContent>
    </Card>
  );
}

/** The view of a resource whose screens a later release builds: its descriptor only swaps this for them. */
export function comingSoon(titleKey: string): ComponentType & { titleKey: string } {
  const Page = () => <ComingSoon titleKey={titleKey} />;
  Page.displayName = `ComingSoon(${titleKey})`;
  // read by the descriptors' check (src/resources/check.ts): the title must be in the messages
  Page.titleKey = titleKey;
  return Page;
}
