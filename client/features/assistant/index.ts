/** What other features may use of the assistant: its writing help. */
export { assistantApi } from './api';
