// A lazily loaded component that can be loaded before it is rendered, and that then renders at once. React.lazy
// alone suspends on its first render even when its module is already loaded (its promise settles a microtask
// later), and React shows the content that replaces a Suspense fallback at most every 300 ms: a page behind three
// lazy components took three such waves to show (docs/web.md). `preload()` starts the load (once) and tells when
// it is done; a component rendered after that is the module's own, without Suspense.
import {
  createElement,
  lazy,
  useState,
  type ComponentType,
  type FunctionComponent,
  type JSXElementConstructor,
} from 'react';

// Every component is a ComponentType<never>: a component of any props may stand where none are passed.
type AnyComponent = ComponentType<never>;
type PropsOf<C> = C extends JSXElementConstructor<infer P extends object> ? P : never;

export type PreloadableComponent<C extends AnyComponent> = FunctionComponent<PropsOf<C>> & {
  /** Loads the module, once; resolves to the component. A failed load may be tried again. */
  preload(): Promise<C>;
};

export function preloadable<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
): PreloadableComponent<C> {
  type P = PropsOf<C>;
  // what PropsOf says: C takes the props P (the compiler cannot follow it for a C not known yet)
  const withProps = (component: C) => component as unknown as ComponentType<P>;
  let loaded: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // rendered before the module is there: React.lazy over the same load, under the nearest Suspense
  const Lazy = lazy(() => preload().then((component) => ({ default: withProps(component) })));
  function Preloadable(props: P) {
    // chosen once per mounted instance: going from the lazy one to the loaded one would mount the page again
    const [Component] = useState<ComponentType<P>>(() =>
      loaded ? withProps(loaded) : (Lazy as unknown as ComponentType<P>),
    );
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
