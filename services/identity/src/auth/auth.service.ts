import { ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TokenService } from '@portal/auth';
import type { LoginReply, LoginRequest, RegisterReply, RegisterRequest } from '@portal/contracts';
import { RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { normalizeEmail } from '@portal/http';
import { ProfilesService } from '../profiles/profiles.service';
import { PasswordHasher } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { VerificationService } from '../verification/verification.service';
import { loginEmail } from './dto/login.dto';
import { LoginThrottle } from './login-throttle';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly profiles: ProfilesService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly verification: VerificationService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** An unverified account, its profile and the verification mail, committed together. */
  async register(dto: RegisterRequest, ip: string): Promise<RegisterReply> {
    await this.limiter.consume(RATE_LIMITS.registerPerIp, ip);

    const passwordHash = await this.hasher.hash(dto.password);
    const user = await this.dataSource.transaction(async (manager) => {
      const created = await this.users.create(manager, {
        email: dto.email,
        passwordHash,
        firstName: dto.first_name,
        lastName: dto.last_name,
      });
      if (!created) return undefined;
      await this.profiles.ensure(manager, created.id);
      await this.verification.issue(manager, created);
      return created;
    });
    if (!user) throw new ConflictException({ detail: MESSAGES.duplicateEmail });

    this.logger.log(`registered user ${user.id}`);
    return { user_id: user.id, email: user.email, is_verified: false, message: MESSAGES.registered };
  }

  /**
   * Same answer, status and work for an unknown e-mail and a wrong password: a dummy hash
   * is verified when there is no account, so timing does not tell them apart.
   */
  async login(dto: LoginRequest, ip: string): Promise<LoginReply> {
    const email = loginEmail(dto);
    const account = normalizeEmail(email);
    await this.throttle.admit(account, ip);

    const user = await this.users.findByEmail(email);
    // One check per address at a time, in turn with every other address (see PasswordHasher).
    const check = user
      ? await this.hasher.verify(dto.password, user.passwordHash, ip)
      : await this.hasher.verifyNothing(dto.password, ip);
    if (!user || !check.valid) {
      await this.throttle.failed(account, ip);
      throw new UnauthorizedException({ detail: MESSAGES.badCredentials });
    }

    if (check.needsRehash) await this.rehash(user, dto.password);
    await this.throttle.succeeded(account, ip);
    return this.session(user);
  }

  /** The login answer: a fresh access token and what the web keeps of the user. */
  async session(user: User): Promise<LoginReply> {
    const access_token = await this.tokens.sign({
      sub: user.id,
      email: user.email,
      role: user.role,
      user_type: user.userType,
      is_verified: user.isVerified,
      sv: user.sessionVersion,
    });
    return {
      access_token,
      token_type: 'bearer',
      is_verified: user.isVerified,
      user_id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      user_type: user.userType,
    };
  }

  /** The password was stored as scrypt or with other parameters: store it as argon2id with the current ones. */
  private async rehash(user: User, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    // Only if nobody changed the password meanwhile (a reset racing this sign-in).
    await this.dataSource.query(
      `UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2 AND password_hash = $3`,
      [passwordHash, user.id, user.passwordHash],
    );
    this.logger.log(`re-hashed the password of user ${user.id} with the current parameters`);
  }
}
