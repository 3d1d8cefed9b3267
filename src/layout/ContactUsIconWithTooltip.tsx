// The Contact Us icon with its text as a tooltip (ContactUsButton loads it on a phone).
import Tooltip from '@mui/material/Tooltip';
import { ContactUsIcon, type ContactUsLinkProps } from './ContactUsIcon';

export function ContactUsIconWithTooltip({ title, ...link }: ContactUsLinkProps & { title: string }) {
  return (
    <Tooltip title={title}>
      <ContactUsIcon {...link} />
    </Tooltip>
  );
}

export default ContactUsIconWithTooltip;
