import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProfileReply } from '@portal/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { normalizeEmail } from '@portal/http';
import { User } from '../users/user.entity';
import { toAddress } from './address';
import { UpdateProfileDto } from './dto/profile.dto';
import { Profile } from './profile.entity';

@Injectable()
export class ProfilesService {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /** The user's profile row, created empty if missing (idempotent, safe under concurrency). */
  async ensure(manager: EntityManager, userId: string): Promise<Profile> {
    await manager.query(`INSERT INTO profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    return manager.getRepository(Profile).findOneByOrFail({ userId });
  }

  async get(user: User): Promise<ProfileReply> {
    const manager = this.dataSource.manager;
    const profile =
      (await manager.getRepository(Profile).findOneBy({ userId: user.id })) ?? (await this.ensure(manager, user.id));
    return toResponse(user, profile);
  }

  /** Names on the account, the rest on the profile, in one transaction. */
  async update(user: User, dto: UpdateProfileDto): Promise<ProfileReply> {
    if (dto.email !== undefined && dto.email !== null && normalizeEmail(dto.email) !== normalizeEmail(user.email)) {
      throw new BadRequestException({ detail: MESSAGES.emailReadOnly });
    }
    return this.dataSource.transaction(async (manager) => {
      const names: Partial<Pick<User, 'firstName' | 'lastName'>> = {};
      if (dto.first_name !== undefined) names.firstName = dto.first_name;
      if (dto.last_name !== undefined) names.lastName = dto.last_name;
      if (Object.keys(names).length) await manager.getRepository(User).update({ id: user.id }, names);

      const profile = await this.ensure(manager, user.id);
      const changes: Partial<Pick<Profile, 'phone' | 'company' | 'jobTitle' | 'address'>> = {};
      if (dto.phone !== undefined) changes.phone = dto.phone;
      if (dto.company !== undefined) changes.company = dto.company;
      if (dto.job_title !== undefined) changes.jobTitle = dto.job_title;
      if (dto.address !== undefined) changes.address = dto.address === null ? null : toAddress(dto.address);
      if (Object.keys(changes).length) await manager.getRepository(Profile).update({ id: profile.id }, changes);

      const [updatedUser, updatedProfile] = await Promise.all([
        manager.getRepository(User).findOneByOrFail({ id: user.id }),
        manager.getRepository(Profile).findOneByOrFail({ id: profile.id }),
      ]);
      return toResponse(updatedUser, updatedProfile);
    });
  }
}

function toResponse(user: User, profile: Profile): ProfileReply {
  return {
    id: profile.id,
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: profile.phone,
    company: profile.company,
    job_title: profile.jobTitle,
    address: profile.address,
    is_verified: user.isVerified,
    role: user.role,
    user_type: user.userType,
  };
}
