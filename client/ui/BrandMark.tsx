import { Link } from 'react-router';
import { BRAND_LINK_STYLE, BrandLogo } from './BrandLogo';

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={BRAND_LINK_STYLE} aria-label="Campus GSO home">
      <BrandLogo />
    </Link>
  );
}
