/**
 * The stand-in Stripe.js the fake serves at /v3/stripe.js: plain browser JavaScript (no bundler), loaded
 * with a script tag instead of https://js.stripe.com/v3. It defines `window.Stripe(publishableKey)` with
 * the members @stripe/stripe-js and @stripe/react-stripe-js look for (elements, createToken,
 * createPaymentMethod, confirmCardPayment, _registerWrapper, registerAppInfo) and talks to the fake
 * with the publishable key, at the origin it was loaded from.
 *
 * Simplifications: only the card element exists, rendered as plain labelled inputs in the page (Stripe
 * renders an iframe); 3-D Secure is a modal in the page with 'Complete authentication' and 'Fail
 * authentication' buttons (Stripe shows the issuer's page in an iframe); createToken is not supported.
 * Error statuses come back as 200 with `X-Fake-Stripe-Status` (asked for with `X-Fake-Stripe-Js`) so that
 * a decline does not log a failed request in the browser console.
 */
export function stripeJsSource(): string {
  return SOURCE;
}

const SOURCE = String.raw`(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__fake) return;
  var script = document.currentScript;
  var API = script && script.src ? new URL(script.src).origin : window.location.origin;

  var MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration date is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    incomplete_zip: 'Your postal code is incomplete.'
  };

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
    if (/^(36|30[0-5]|38|39)/.test(number)) return 'diners';
    if (/^35/.test(number)) return 'jcb';
    if (/^62/.test(number)) return 'unionpay';
    return 'unknown';
  }

  function numberLength(brand) {
    if (brand === 'amex') return 15;
    if (brand === 'diners') return 14;
    return 16;
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var digit = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** Stripe's form encoding: nested objects and arrays in bracket notation. */
  function encode(params, prefix, pairs) {
    pairs = pairs || [];
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, pairs);
      else pairs.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
    });
    return pairs.join('&');
  }

  function intentIdOf(clientSecret, method) {
    var match = /^((?:seti|pi)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret || ''));
    if (!match) {
      throw integrationError(
        'Invalid value for ' + method + ': clientSecret should be a client secret of the form ' +
          '$' + '{id}_secret_$' + '{secret}. You specified: ' + clientSecret + '.'
      );
    }
    return match[1];
  }

  // ---- the card element

  function createCardElement(options, onDestroy) {
    var listeners = { change: [], ready: [], focus: [], blur: [], escape: [], networkschange: [] };
    var settings = Object.assign({}, options);
    var root = null;
    var inputs = {};
    var touched = {};
    var focused = false;

    function emit(type, payload) {
      (listeners[type] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    function field(key, name, label, placeholder, autocomplete) {
      var input = document.createElement('input');
      input.name = name;
      input.type = 'text';
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.inputMode = 'numeric';
      input.style.cssText = 'border:0;outline:0;background:transparent;font:inherit;color:inherit;min-width:0;';
      input.addEventListener('input', function () {
        format(key);
        changed();
      });
      input.addEventListener('blur', function () {
        if (input.value) touched[key] = true;
        changed();
      });
      input.addEventListener('keydown', function (event) {
        if (event.key === 'Escape') emit('escape', { elementType: 'card' });
      });
      return input;
    }

    function format(key) {
      var input = inputs[key];
      if (key === 'number') {
        var number = digits(input.value);
        var brand = brandOf(number);
        number = number.slice(0, brand === 'unknown' ? 19 : numberLength(brand));
        var groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
        var parts = [];
        var at = 0;
        groups.forEach(function (size) {
          if (at < number.length) parts.push(number.slice(at, at + size));
          at += size;
        });
        input.value = parts.join(' ');
      } else if (key === 'expiry') {
        var expiry = digits(input.value).slice(0, 4);
        if (expiry.length === 1 && Number(expiry) > 1) expiry = '0' + expiry;
        input.value = expiry.length > 2 ? expiry.slice(0, 2) + ' / ' + expiry.slice(2) : expiry;
      } else if (key === 'cvc') {
        input.value = digits(input.value).slice(0, 4);
      }
    }

    /** Each field's problem: 'incomplete' ones are shown once the field was left, 'invalid' ones at once. */
    function problems() {
      var number = digits(inputs.number.value);
      var brand = brandOf(number);
      var found = [];
      if (number.length < numberLength(brand)) found.push({ field: 'number', code: 'incomplete_number', kind: 'incomplete' });
      else if (!luhn(number)) found.push({ field: 'number', code: 'invalid_number', kind: 'invalid' });
      var expiry = digits(inputs.expiry.value);
      if (expiry.length < 4) {
        found.push({ field: 'expiry', code: 'incomplete_expiry', kind: 'incomplete' });
      } else {
        var month = Number(expiry.slice(0, 2));
        var year = 2000 + Number(expiry.slice(2));
        var now = new Date();
        if (month < 1 || month > 12) found.push({ field: 'expiry', code: 'invalid_expiry_month', kind: 'invalid' });
        else if (year < now.getFullYear()) found.push({ field: 'expiry', code: 'invalid_expiry_year_past', kind: 'invalid' });
        else if (year === now.getFullYear() && month < now.getMonth() + 1) {
          found.push({ field: 'expiry', code: 'invalid_expiry_month_past', kind: 'invalid' });
        }
      }
      if (digits(inputs.cvc.value).length < (brand === 'amex' ? 4 : 3)) {
        found.push({ field: 'cvc', code: 'incomplete_cvc', kind: 'incomplete' });
      }
      if (inputs.postal && !inputs.postal.value.trim()) {
        found.push({ field: 'postal', code: 'incomplete_zip', kind: 'incomplete' });
      }
      return found;
    }

    function errorOf(problem) {
      return problem ? { type: 'validation_error', code: problem.code, message: MESSAGES[problem.code] } : undefined;
    }

    function snapshot() {
      var number = digits(inputs.number.value);
      var visible = problems().filter(function (problem) {
        return problem.kind === 'invalid' || (touched[problem.field] && inputs[problem.field].value);
      })[0];
      var empty = Object.keys(inputs).every(function (name) {
        return !inputs[name].value;
      });
      return {
        elementType: 'card',
        empty: empty,
        complete: problems().length === 0,
        brand: brandOf(number),
        value: { postalCode: inputs.postal ? inputs.postal.value.trim() : '' },
        error: errorOf(visible)
      };
    }

    function changed() {
      emit('change', snapshot());
    }

    function render(container) {
      root = document.createElement('div');
      root.className = 'FakeStripeElement FakeStripeElement--card';
      root.setAttribute('data-fake-stripe', 'card');
      root.style.cssText = 'display:flex;gap:8px;align-items:center;';
      inputs = {
        number: field('number', 'cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number'),
        expiry: field('expiry', 'exp-date', 'Expiration date MM / YY', 'MM / YY', 'cc-exp'),
        cvc: field('cvc', 'cvc', 'CVC', 'CVC', 'cc-csc')
      };
      inputs.number.style.flex = '1 1 auto';
      inputs.expiry.style.width = '5.5em';
      inputs.cvc.style.width = '3.5em';
      if (!settings.hidePostalCode) {
        inputs.postal = field('postal', 'postal', 'ZIP', 'ZIP', 'postal-code');
        inputs.postal.inputMode = 'text';
        inputs.postal.style.width = '5em';
        if (settings.value && settings.value.postalCode) inputs.postal.value = settings.value.postalCode;
      }
      Object.keys(inputs).forEach(function (name) {
        inputs[name].disabled = Boolean(settings.disabled);
        root.appendChild(inputs[name]);
      });
      root.addEventListener('focusin', function () {
        if (!focused) {
          focused = true;
          emit('focus', { elementType: 'card' });
        }
      });
      root.addEventListener('focusout', function (event) {
        if (!root.contains(event.relatedTarget)) {
          focused = false;
          emit('blur', { elementType: 'card' });
        }
      });
      container.appendChild(root);
    }

    var element = {
      mount: function (target) {
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) {
          throw integrationError(
            'The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.'
          );
        }
        if (root) element.unmount();
        render(container);
        setTimeout(function () {
          emit('ready', { elementType: 'card' });
        }, 0);
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
      },
      destroy: function () {
        element.unmount();
        onDestroy();
      },
      update: function (next) {
        var values = {};
        Object.keys(inputs).forEach(function (name) {
          values[name] = inputs[name].value;
        });
        Object.assign(settings, next);
        if (root) {
          var container = root.parentNode;
          element.unmount();
          render(container);
          Object.keys(values).forEach(function (name) {
            if (inputs[name]) inputs[name].value = values[name];
          });
        }
      },
      focus: function () {
        if (inputs.number) inputs.number.focus();
      },
      blur: function () {
        if (root && root.contains(document.activeElement)) document.activeElement.blur();
      },
      clear: function () {
        Object.keys(inputs).forEach(function (name) {
          inputs[name].value = '';
        });
        touched = {};
        changed();
      },
      on: function (type, handler) {
        (listeners[type] = listeners[type] || []).push(handler);
        return element;
      },
      once: function (type, handler) {
        var wrapped = function (payload) {
          element.off(type, wrapped);
          handler(payload);
        };
        return element.on(type, wrapped);
      },
      off: function (type, handler) {
        if (!handler) listeners[type] = [];
        else listeners[type] = (listeners[type] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      /** The card details for a PaymentMethod, or the validation error Stripe.js would return. */
      _paymentMethodCard: function () {
        if (!root) return { error: { type: 'validation_error', code: 'incomplete_number', message: MESSAGES.incomplete_number } };
        var problem = problems()[0];
        if (problem) return { error: errorOf(problem) };
        var expiry = digits(inputs.expiry.value);
        return {
          card: {
            number: digits(inputs.number.value),
            exp_month: Number(expiry.slice(0, 2)),
            exp_year: 2000 + Number(expiry.slice(2)),
            cvc: digits(inputs.cvc.value)
          },
          postalCode: inputs.postal ? inputs.postal.value.trim() : null
        };
      }
    };
    return element;
  }

  function createElements(options) {
    var created = {};
    return {
      create: function (type, elementOptions) {
        if (type !== 'card') {
          throw integrationError('The fake Stripe.js only provides the card element (asked for ' + type + ').');
        }
        if (created.card) throw integrationError('Can only create one Element of type card.');
        created.card = createCardElement(elementOptions || {}, function () {
          delete created.card;
        });
        return created.card;
      },
      getElement: function (typeOrComponent) {
        var type = typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent && typeOrComponent.__elementType;
        return created[type] || null;
      },
      update: function (next) {
        Object.assign(options, next);
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        return Promise.resolve({});
      }
    };
  }

  // ---- 3-D Secure

  function authenticate(intent) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-fake-stripe', '3ds');
      overlay.style.cssText =
        'position:fixed;inset:0;background:rgba(0,0,0,0.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'fake-stripe-3ds-title');
      dialog.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:360px;font:14px sans-serif;';
      var title = document.createElement('h2');
      title.id = 'fake-stripe-3ds-title';
      title.textContent = '3D Secure 2 Test Page';
      var text = document.createElement('p');
      var what = intent.object === 'payment_intent'
        ? 'a payment of ' + (intent.amount / 100).toFixed(2) + ' ' + String(intent.currency).toUpperCase()
        : 'saving this card';
      text.textContent = 'This is a test authentication page of the fake Stripe. Complete or fail the authentication of ' + what + '.';
      dialog.appendChild(title);
      dialog.appendChild(text);
      [['complete', 'Complete authentication'], ['fail', 'Fail authentication']].forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[1];
        button.style.cssText = 'margin:8px 8px 0 0;padding:8px 12px;';
        button.addEventListener('click', function () {
          overlay.remove();
          resolve(choice[0]);
        });
        dialog.appendChild(button);
      });
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      dialog.querySelector('button').focus();
    });
  }

  // ---- the Stripe object

  function createStripe(key, stripeOptions) {
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) {
      throw integrationError(
        'Invalid value for Stripe(): apiKey should be a string starting with pk_. You specified: ' + key + '.'
      );
    }

    function api(method, path, params) {
      var query = method === 'GET' && params ? '?' + encode(params) : '';
      return fetch(API + path + query, {
        method: method,
        headers: {
          Authorization: 'Bearer ' + key,
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Fake-Stripe-Js': '1'
        },
        body: method === 'GET' || !params ? undefined : encode(params)
      }).then(
        function (response) {
          var status = Number(response.headers.get('X-Fake-Stripe-Status') || response.status);
          return response.json().then(function (json) {
            return status < 400 ? { data: json } : { error: json.error };
          });
        },
        function () {
          return {
            error: {
              type: 'api_connection_error',
              message: 'An error occurred with our connection to Stripe. Request was retried 0 times.'
            }
          };
        }
      );
    }

    /** payment_method of a confirmation: an id, or { card: element, billing_details } to create one. */
    function paymentMethodOf(paymentMethod) {
      if (!paymentMethod) return Promise.resolve({});
      if (typeof paymentMethod === 'string') return Promise.resolve({ id: paymentMethod });
      var card = paymentMethod.card;
      if (!card || typeof card._paymentMethodCard !== 'function') {
        return Promise.reject(integrationError('Invalid value for payment_method: card should be a card Element.'));
      }
      var details = card._paymentMethodCard();
      if (details.error) return Promise.resolve({ error: details.error });
      var billing = Object.assign({}, paymentMethod.billing_details);
      if (details.postalCode) {
        billing.address = Object.assign({}, billing.address, { postal_code: details.postalCode });
      }
      return api('POST', '/v1/payment_methods', {
        type: 'card',
        card: details.card,
        billing_details: billing,
        metadata: paymentMethod.metadata
      }).then(function (result) {
        return result.error ? { error: result.error } : { id: result.data.id, paymentMethod: result.data };
      });
    }

    function collection(kind) {
      return kind === 'setup' ? 'setup_intents' : 'payment_intents';
    }

    function wrap(kind, intent) {
      return kind === 'setup' ? { setupIntent: intent } : { paymentIntent: intent };
    }

    /** After a confirmation: shows 3-D Secure when the intent asks for it, then reports like Stripe.js. */
    function finish(kind, intent, clientSecret) {
      if (intent.status !== 'requires_action' || !intent.next_action || intent.next_action.type !== 'use_stripe_sdk') {
        return Promise.resolve(wrap(kind, intent));
      }
      return authenticate(intent)
        .then(function (outcome) {
          return api('POST', '/__fake/3ds/' + intent.id + '/' + outcome, { client_secret: clientSecret });
        })
        .then(function (result) {
          if (result.error) return { error: result.error };
          var done = result.data;
          var failure = kind === 'setup' ? done.last_setup_error : done.last_payment_error;
          if (done.status === 'requires_payment_method' && failure) {
            var error = Object.assign({}, failure);
            error[kind === 'setup' ? 'setup_intent' : 'payment_intent'] = done;
            return { error: error };
          }
          return wrap(kind, done);
        });
    }

    function confirm(kind, method, clientSecret, data, options) {
      var id = intentIdOf(clientSecret, method);
      return paymentMethodOf(data && data.payment_method).then(function (paymentMethod) {
        if (paymentMethod.error) return { error: paymentMethod.error };
        var params = { client_secret: clientSecret, payment_method: paymentMethod.id };
        if (data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        if (data && data.return_url) params.return_url = data.return_url;
        return api('POST', '/v1/' + collection(kind) + '/' + id + '/confirm', params).then(function (result) {
          if (result.error) return { error: result.error };
          if (options && options.handleActions === false) return wrap(kind, result.data);
          return finish(kind, result.data, clientSecret);
        });
      });
    }

    function retrieve(kind, method, clientSecret) {
      var id = intentIdOf(clientSecret, method);
      return api('GET', '/v1/' + collection(kind) + '/' + id, { client_secret: clientSecret }).then(function (result) {
        return result.error ? { error: result.error } : wrap(kind, result.data);
      });
    }

    function unsupported(name) {
      return function () {
        return Promise.resolve({
          error: { type: 'invalid_request_error', message: 'The fake Stripe.js does not support ' + name + '.' }
        });
      };
    }

    return {
      _fake: true,
      _options: stripeOptions || {},
      elements: function (options) {
        return createElements(Object.assign({}, options));
      },
      createPaymentMethod: function (typeOrData, element, data) {
        var request = typeof typeOrData === 'string'
          ? Object.assign({ type: typeOrData, card: element }, data)
          : typeOrData || {};
        if (request.type !== 'card') return unsupported('payment method type ' + request.type)();
        return paymentMethodOf(request).then(function (result) {
          return result.error ? { error: result.error } : { paymentMethod: result.paymentMethod };
        });
      },
      confirmCardSetup: function (clientSecret, data, options) {
        return confirm('setup', 'confirmCardSetup', clientSecret, data, options);
      },
      confirmCardPayment: function (clientSecret, data, options) {
        return confirm('payment', 'confirmCardPayment', clientSecret, data, options);
      },
      handleCardAction: function (clientSecret) {
        return retrieve('payment', 'handleCardAction', clientSecret).then(function (result) {
          return result.error ? result : finish('payment', result.paymentIntent, clientSecret);
        });
      },
      handleCardSetup: function (clientSecret, element, data) {
        return confirm('setup', 'handleCardSetup', clientSecret, { payment_method: Object.assign({ card: element }, data && data.payment_method_data) });
      },
      handleNextAction: function (options) {
        var secret = options && options.clientSecret;
        var kind = String(secret).indexOf('seti_') === 0 ? 'setup' : 'payment';
        return retrieve(kind, 'handleNextAction', secret).then(function (result) {
          if (result.error) return result;
          return finish(kind, kind === 'setup' ? result.setupIntent : result.paymentIntent, secret);
        });
      },
      retrieveSetupIntent: function (clientSecret) {
        return retrieve('setup', 'retrieveSetupIntent', clientSecret);
      },
      retrievePaymentIntent: function (clientSecret) {
        return retrieve('payment', 'retrievePaymentIntent', clientSecret);
      },
      createToken: unsupported('createToken (use createPaymentMethod)'),
      createSource: unsupported('createSource'),
      confirmSetup: unsupported('confirmSetup (the Payment Element); use confirmCardSetup'),
      confirmPayment: unsupported('confirmPayment (the Payment Element); use confirmCardPayment'),
      paymentRequest: function () {
        throw integrationError('The fake Stripe.js does not support paymentRequest.');
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {}
    };
  }

  function Stripe(key, options) {
    return createStripe(key, options);
  }
  Stripe.version = 'endive';
  Stripe.__fake = true;
  window.Stripe = Stripe;
})();
`;
