import { routesOf } from '../../plugins/endpoint';

/** Route options of the module's operations (core/borrowing/endpoints.ts), under its OpenAPI tag. */
export const route = routesOf('borrowing');
