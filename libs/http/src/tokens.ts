export { PROCESS_NAME } from '@portal/config';
