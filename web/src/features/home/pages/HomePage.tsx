import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { Hero } from '../components/Hero';
import { HomeIntro } from '../components/HomeIntro';
import { MarketingBlocks } from '../components/MarketingBlocks';
import { PlatformDiagram } from '../components/PlatformDiagram';
import { ServicesSection } from '../components/ServicesSection';
import { SignupCta } from '../components/SignupCta';
import { useScrollMotion } from '../hooks/use-scroll-motion';

/** The home page (spec part 1, section 2), in the spec's order. */
export function HomePage() {
  useDocumentTitle();
  const { hero, services } = useScrollMotion();
  return (
    <>
      <Hero contentRef={hero} />
      <PlatformDiagram />
      <MarketingBlocks />
      <SignupCta />
      <ServicesSection fadeRef={services} />
      <HomeIntro />
    </>
  );
}
