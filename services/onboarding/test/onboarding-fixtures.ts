import {
  Call,
  login,
  registerVerified,
  RunningProcess,
  startTestApp,
  TestApp,
  TestDatabase,
  uniqueEmail,
} from '@portal/testing';

export const APP_URL = 'http://portal.test';
export const ADMIN_PASSWORD = 'Adm1n!pass';

/** What the web sends for a /new-client code: software used, with a payroll provider. */
export const BOOKKEEPING = {
  company_name: 'Acme LLC',
  accounting_software_use: 'Yes',
  accounting_software_name: 'QuickBooks Online',
  add_team_to_software: 'Not sure',
  setup_on_our_system: '',
  bank_accounts_count: '3',
  report_frequency: 'Monthly',
  payroll_provider: 'Yes',
  payroll_provider_name: 'Gusto',
  invoicing_help: 'Maybe later',
  report_email: 'owner@acme.example',
};

export const NONPROFIT = {
  non_profit_name: 'Helping Hands LLC',
  ein_number: '123456789',
  state_of_formation: 'Delaware',
};

export interface InviteCodeBody {
  id: string;
  invite_code: string;
  expiration_datetime: string;
  route: string;
  description: string | null;
  is_used: boolean;
  used_at: string | null;
  created_at: string;
  created_by: string;
  last_sent_to: string | null;
  last_sent_at: string | null;
  send_count: number;
}

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * The built app with its workers (mail arrives under DATA_DIR/mail), on a database of its
 * own; an admin (ADMIN_EMAIL) and a verified user who is not one, both signed in.
 */
export class OnboardingApp {
  private app?: TestApp;
  readonly adminEmail = uniqueEmail('admin');
  readonly staffEmail = uniqueEmail('staff');
  adminId: string;
  adminToken: string;
  userToken: string;

  private get started(): TestApp {
    if (!this.app) throw new Error('OnboardingApp: call start() first (in beforeAll)');
    return this.app;
  }

  get db(): TestDatabase {
    return this.started.db;
  }

  get gateway(): RunningProcess {
    return this.started.gateway;
  }

  get call(): Call {
    return this.started.call;
  }

  get dataDir(): string {
    return this.started.dataDir;
  }

  /** Until every queued job (mail, audit entries) has been handled. */
  settled(): Promise<void> {
    return this.started.settled();
  }

  async start(): Promise<void> {
    this.app = await startTestApp({
      APP_URL,
      ADMIN_EMAIL: this.adminEmail,
      ADMIN_PASSWORD,
      STAFF_EMAIL: this.staffEmail,
    });
    const admin = await login(this.call, this.adminEmail, ADMIN_PASSWORD);
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}`);
    this.adminToken = admin.body.access_token;
    this.adminId = admin.body.user_id;
    this.userToken = (await registerVerified(this.call, this.dataDir, uniqueEmail('user'))).accessToken;
  }

  async stop(): Promise<void> {
    await this.app?.stop();
  }

  /** A new code as the admin panel creates it (now plus the hours). */
  async createCode(route = '/new-client', hours = 48, description: string | null = null): Promise<InviteCodeBody> {
    const reply = await this.call<InviteCodeBody>('POST', '/invite-codes/', {
      token: this.adminToken,
      json: { expiration_datetime: inHours(hours), route, description },
    });
    if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}
