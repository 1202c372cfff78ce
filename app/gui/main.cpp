// Placeholder window until the desktop game lands.
#include <SFML/Graphics.hpp>

int main() {
    sf::RenderWindow window(sf::VideoMode(800, 600), "Xiangqi");
    window.setFramerateLimit(60);
    while (window.isOpen()) {
        for (sf::Event e; window.pollEvent(e);)
            if (e.type == sf::Event::Closed)
                window.close();
        window.clear(sf::Color(200, 160, 100));
        window.display();
    }
}
