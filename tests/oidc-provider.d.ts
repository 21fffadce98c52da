/** oidc-provider ships no types; the tests' local provider (tests/campusProvider.ts) uses few of its parts. */
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
