import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AllowWithoutTwoFactor, AuthUser, CurrentUser } from '@portal/auth';
import type { ProfileReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { UsersService } from '../users/users.service';
import { ProfileResponse, UpdateProfileDto } from './dto/profile.dto';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' })
@Controller('profiles/me')
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly users: UsersService,
  ) {}

  // The web reads it on every page: an admin still to set up two-factor may (nothing else).
  @AllowWithoutTwoFactor()
  @Get()
  @ApiOperation({ summary: 'The signed-in user and their profile' })
  @ApiOkResponse({ type: ProfileResponse })
  async get(@CurrentUser() auth: AuthUser): Promise<ProfileReply> {
    return this.profiles.get(await this.users.sessionUser(auth));
  }

  @Put()
  @ApiOperation({ summary: 'Update names, phone, company, job title and address (partial; e-mail is read-only)' })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiBadRequestResponse({ type: ErrorResponse })
  async update(@CurrentUser() auth: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileReply> {
    return this.profiles.update(await this.users.sessionUser(auth), dto);
  }
}
