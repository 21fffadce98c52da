import { AppLink } from '../lib/navigation';
import { BRAND_LINK_STYLE, BrandLogo } from './BrandLogo';

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <AppLink to={to} style={BRAND_LINK_STYLE} aria-label="Campus GSO home">
      <BrandLogo />
    </AppLink>
  );
}
