/** Name of this process (gateway, or a service in split mode), shown by /api/health and in logs. */
export const PROCESS_NAME = Symbol('PROCESS_NAME');
