// The build-time variables the site reads (see site-config.ts); all optional.
interface ImportMetaEnv {
  readonly VITE_CHAT_WIDGET_URL?: string;
  readonly VITE_REVIEW_BADGE_URL?: string;
  readonly VITE_BOOKING_URL?: string;
  readonly VITE_CURRENCY_CONVERTER_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SOCIAL_LINKEDIN_URL?: string;
  readonly VITE_SOCIAL_X_URL?: string;
  readonly VITE_SOCIAL_FACEBOOK_URL?: string;
  readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  readonly VITE_SOCIAL_YOUTUBE_URL?: string;
}
