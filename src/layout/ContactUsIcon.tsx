// Contact Us as an icon (below 960 px): a link to the support site, named by its aria-label.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import IconButton from '@mui/material/IconButton';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

export type ContactUsLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'color'>;

export const ContactUsIcon = forwardRef<HTMLAnchorElement, ContactUsLinkProps>(
  function ContactUsIcon(props, ref) {
    return (
      <IconButton component="a" color="inherit" ref={ref} {...props}>
        <SupportAgentIcon />
      </IconButton>
    );
  },
);
